#include "ui/hotel/arrivalsatriskmodel.h"

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
        switch (index.column()) {
        case ReferenceColumn:
            return stay.reference;
        case GuestColumn:
            return stay.guest;
        case RoomTypeColumn:
            return stay.roomTypeCode;
        case CheckInColumn:
            return QLocale().toString(stay.checkIn, QLocale::ShortFormat);
        case CheckOutColumn:
            return QLocale().toString(stay.checkOut, QLocale::ShortFormat);
        case OverByColumn:
            return arrival.overBy;
        }
        break;
    case SortRole:
        switch (index.column()) {
        case CheckInColumn:
            return stay.checkIn;
        case CheckOutColumn:
            return stay.checkOut;
        case OverByColumn:
            return arrival.overBy;
        default:
            return data(index, Qt::DisplayRole);
        }
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
    switch (section) {
    case ReferenceColumn:
        return tr("Reference");
    case GuestColumn:
        return tr("Guest");
    case RoomTypeColumn:
        return tr("Room type");
    case CheckInColumn:
        return tr("Check-in");
    case CheckOutColumn:
        return tr("Check-out");
    case OverByColumn:
        return tr("Over by");
    }
    return {};
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
