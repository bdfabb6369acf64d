#include "ui/hotel/staysearchmodel.h"

#include "ui/hotel/staycolumns.h"

#include <QBrush>
#include <QColor>
#include <QLocale>

namespace boxoffice {

StaySearchModel::StaySearchModel(QObject *parent) : QAbstractTableModel(parent) { }

QString StaySearchModel::stateText(const QString &state)
{
    if (state == QLatin1String("HELD"))
        return tr("Held");
    if (state == QLatin1String("BOOKED"))
        return tr("Booked");
    if (state == QLatin1String("CHECKED_IN"))
        return tr("Checked in");
    if (state == QLatin1String("CHECKED_OUT"))
        return tr("Checked out");
    if (state == QLatin1String("CANCELLED"))
        return tr("Cancelled");
    if (state == QLatin1String("WALKED"))
        return tr("Walked");
    if (state == QLatin1String("EXPIRED"))
        return tr("Expired");
    if (state == QLatin1String("NO_SHOW"))
        return tr("No show");
    // A state this build does not know yet: readable rather than hidden.
    QString text = state.toLower().replace(QLatin1Char('_'), QLatin1Char(' '));
    if (!text.isEmpty())
        text[0] = text.at(0).toUpper();
    return text;
}

int StaySearchModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_stays.size());
}

int StaySearchModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant StaySearchModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const StayRecord &stay = m_stays.at(index.row());
    const bool over = stay.state == QLatin1String("CANCELLED") || stay.state == QLatin1String("WALKED")
            || stay.state == QLatin1String("EXPIRED") || stay.state == QLatin1String("CHECKED_OUT");
    switch (role) {
    case Qt::DisplayRole:
        return index.column() == StateColumn ? QVariant(stateText(stay.state)) : StayColumns::display(stay, index.column());
    case SortRole:
        return index.column() == StateColumn ? QVariant(stay.state) : StayColumns::sortValue(stay, index.column());
    case Qt::ForegroundRole:
        if (over) // stays that no longer hold a room are shown, greyed
            return QBrush(QColor(0x80, 0x80, 0x80));
        break;
    case Qt::ToolTipRole:
        return tr("%n night(s)", nullptr, int(stay.checkIn.daysTo(stay.checkOut)));
    case StayIdRole:
        return stay.id;
    }
    return {};
}

QVariant StaySearchModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    return section == StateColumn ? QVariant(tr("State")) : StayColumns::header(section);
}

void StaySearchModel::setStays(const QVector<StayRecord> &stays)
{
    beginResetModel();
    m_stays = stays;
    endResetModel();
}

StayRecord StaySearchModel::stay(int row) const
{
    return row >= 0 && row < m_stays.size() ? m_stays.at(row) : StayRecord{};
}

} // namespace boxoffice
