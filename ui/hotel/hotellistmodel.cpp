#include "ui/hotel/hotellistmodel.h"

#include <QLocale>

namespace boxoffice {

HotelListModel::HotelListModel(QObject *parent) : QAbstractTableModel(parent) { }

void HotelListModel::setRows(const QVector<HotelListRow> &rows)
{
    beginResetModel();
    m_rows = rows;
    endResetModel();
}

int HotelListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int HotelListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString HotelListModel::stateWords(const QString &state)
{
    if (state == QLatin1String("BOOKED"))
        return tr("not arrived yet");
    if (state == QLatin1String("CHECKED_IN"))
        return tr("checked in");
    if (state == QLatin1String("CHECKED_OUT"))
        return tr("checked out");
    if (state == QLatin1String("NO_SHOW"))
        return tr("no-show");
    return state.toLower();
}

QVariant HotelListModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const HotelListRow &row = m_rows.at(index.row());
    if (role == Qt::UserRole) {
        switch (index.column()) {
        case CheckIn:
            return row.checkIn;
        case CheckOut:
            return row.checkOut;
        case Nights:
            return row.nights();
        case Guest:
            return row.guest.toLower();
        default:
            break;
        }
        return data(index, Qt::DisplayRole);
    }
    if (role == Qt::TextAlignmentRole && index.column() == Nights)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Reference:
        return row.reference;
    case Guest:
        return row.guest;
    case RoomType:
        return row.roomTypeCode;
    case CheckIn:
        return QLocale().toString(row.checkIn, QLocale::ShortFormat);
    case CheckOut:
        return QLocale().toString(row.checkOut, QLocale::ShortFormat);
    case Nights:
        return row.nights();
    case State:
        return stateWords(row.state);
    default:
        break;
    }
    return {};
}

QVariant HotelListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Reference:
        return tr("Reference");
    case Guest:
        return tr("Guest");
    case RoomType:
        return tr("Room type");
    case CheckIn:
        return tr("Arrives");
    case CheckOut:
        return tr("Leaves");
    case Nights:
        return tr("Nights");
    case State:
        return tr("State");
    default:
        break;
    }
    return {};
}

} // namespace boxoffice
