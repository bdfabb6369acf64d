#include "ui/hotel/arrivalsatriskmodel.h"

#include "ui/hotel/staycolumns.h"

#include <QBrush>
#include <QColor>
#include <QLocale>

namespace boxoffice {

ArrivalsAtRiskModel::ArrivalsAtRiskModel(QObject *parent) : QAbstractTableModel(parent) { }

int ArrivalsAtRiskModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_arrivals.size());
}

int ArrivalsAtRiskModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ArrivalsAtRiskModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ArrivalAtRisk &arrival = m_arrivals.at(index.row());
    const StayRecord &stay = arrival.stay;
    switch (role) {
    case Qt::DisplayRole:
        return index.column() == OverByColumn ? QVariant(arrival.overBy) : StayColumns::display(stay, index.column());
    case SortRole:
        return index.column() == OverByColumn ? QVariant(arrival.overBy) : StayColumns::sortValue(stay, index.column());
    case Qt::TextAlignmentRole:
        if (index.column() == OverByColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case Qt::ForegroundRole:
        if (index.column() == OverByColumn)
            return QBrush(QColor(0xb0, 0x1c, 0x1c));
        break;
    case Qt::ToolTipRole:
        return tr("%1 rooms booked over the physical rooms of %2 on the night of %3")
            .arg(arrival.overBy)
            .arg(stay.roomTypeCode, QLocale().toString(arrival.night, QLocale::LongFormat));
    case StayIdRole:
        return stay.id;
    }
    return {};
}

QVariant ArrivalsAtRiskModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    return section == OverByColumn ? QVariant(tr("Over by")) : StayColumns::header(section);
}

void ArrivalsAtRiskModel::setArrivals(const QVector<ArrivalAtRisk> &arrivals)
{
    beginResetModel();
    m_arrivals = arrivals;
    endResetModel();
}

ArrivalAtRisk ArrivalsAtRiskModel::arrival(int row) const
{
    return row >= 0 && row < m_arrivals.size() ? m_arrivals.at(row) : ArrivalAtRisk{};
}

} // namespace boxoffice
