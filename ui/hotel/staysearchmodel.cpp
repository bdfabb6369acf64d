#include "ui/hotel/staysearchmodel.h"

#include "ui/hotel/staycolumns.h"

#include <QBrush>
#include <QColor>
#include <QLocale>

namespace boxoffice {

StaySearchModel::StaySearchModel(QObject *parent) : QAbstractTableModel(parent) { }

QString StaySearchModel::stateText(StayState state)
{
    switch (state) {
    case StayState::Held:
        return tr("Held");
    case StayState::Booked:
        return tr("Booked");
    case StayState::CheckedIn:
        return tr("Checked in");
    case StayState::CheckedOut:
        return tr("Checked out");
    case StayState::Cancelled:
        return tr("Cancelled");
    case StayState::Walked:
        return tr("Walked");
    case StayState::NoShow:
        return tr("No-show");
    case StayState::Expired:
        return tr("Expired");
    case StayState::Released:
        return tr("Released");
    }
    return {};
}

namespace {

// Stays that no longer hold a room.
bool isOver(StayState state)
{
    switch (state) {
    case StayState::Cancelled:
    case StayState::Walked:
    case StayState::NoShow:
    case StayState::Expired:
    case StayState::CheckedOut:
        return true;
    case StayState::Held:
    case StayState::Booked:
    case StayState::CheckedIn:
    case StayState::Released:
        break;
    }
    return false;
}

} // namespace

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
    const bool over = isOver(stay.state);
    switch (role) {
    case Qt::DisplayRole:
        return index.column() == StateColumn ? QVariant(stateText(stay.state))
                                             : StayColumns::display(stay, index.column());
    case SortRole:
        return index.column() == StateColumn ? QVariant(stayStateName(stay.state))
                                             : StayColumns::sortValue(stay, index.column());
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
