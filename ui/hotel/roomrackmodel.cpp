#include "ui/hotel/roomrackmodel.h"

#include <QColor>
#include <QLocale>

namespace boxoffice {

namespace {

const QColor outOfOrderShade(0xb8, 0xb8, 0xb8);
const QColor occupiedShade(0xfc, 0xe8, 0xb2);

bool sameRooms(const QVector<Room> &a, const QVector<Room> &b)
{
    if (a.size() != b.size())
        return false;
    for (int i = 0; i < a.size(); ++i) {
        if (a.at(i).id != b.at(i).id)
            return false;
    }
    return true;
}

} // namespace

RoomRackModel::RoomRackModel(QObject *parent) : QAbstractTableModel(parent) { }

void RoomRackModel::setRack(const RoomRack &rack)
{
    if (sameRooms(rack.rooms, m_rack.rooms) && rack.from == m_rack.from && rack.until == m_rack.until) {
        m_rack = rack;
        if (!m_rack.rooms.isEmpty())
            emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
        return;
    }
    beginResetModel();
    m_rack = rack;
    endResetModel();
}

const Room *RoomRackModel::roomAt(int row) const
{
    return row >= 0 && row < m_rack.rooms.size() ? &m_rack.rooms.at(row) : nullptr;
}

int RoomRackModel::rowOf(const QString &number) const
{
    for (int row = 0; row < m_rack.rooms.size(); ++row) {
        if (m_rack.rooms.at(row).number == number)
            return row;
    }
    return -1;
}

QDate RoomRackModel::nightOf(int column) const
{
    if (column < FirstNightColumn || column >= columnCount())
        return QDate();
    return m_rack.from.addDays(column - FirstNightColumn);
}

int RoomRackModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rack.rooms.size());
}

int RoomRackModel::columnCount(const QModelIndex &parent) const
{
    if (parent.isValid() || !m_rack.from.isValid())
        return parent.isValid() ? 0 : FirstNightColumn;
    return FirstNightColumn + int(m_rack.from.daysTo(m_rack.until));
}

QString RoomRackModel::housekeepingText(Housekeeping state)
{
    switch (state) {
    case Housekeeping::Dirty:
        return tr("Dirty");
    case Housekeeping::Clean:
        return tr("Clean");
    case Housekeeping::Inspected:
        return tr("Inspected");
    case Housekeeping::OutOfOrder:
        return tr("Out of order");
    }
    return QString();
}

QColor RoomRackModel::housekeepingColour(Housekeeping state)
{
    switch (state) {
    case Housekeeping::Dirty:
        return QColor(0xf4, 0xb6, 0xb0);
    case Housekeeping::Clean:
        return QColor(0xc6, 0xe8, 0xbf);
    case Housekeeping::Inspected:
        return QColor(0xa9, 0xd0, 0xf5);
    case Housekeeping::OutOfOrder:
        return outOfOrderShade;
    }
    return QColor();
}

QVariant RoomRackModel::data(const QModelIndex &index, int role) const
{
    const Room *room = index.isValid() ? roomAt(index.row()) : nullptr;
    if (!room)
        return QVariant();
    if (role == RoomIdRole)
        return room->id;
    switch (index.column()) {
    case RoomColumn:
        return role == Qt::DisplayRole ? QVariant(room->number) : QVariant();
    case TypeColumn:
        return role == Qt::DisplayRole ? QVariant(room->roomTypeCode) : QVariant();
    case HousekeepingColumn:
        if (role == Qt::DisplayRole)
            return housekeepingText(room->housekeeping);
        if (role == Qt::BackgroundRole)
            return housekeepingColour(room->housekeeping);
        if (role == Qt::ToolTipRole && room->changedAt.isValid())
            return tr("%1 since %2, by %3")
                .arg(housekeepingText(room->housekeeping),
                     QLocale().toString(room->changedAt.toLocalTime(), QLocale::ShortFormat), room->changedBy);
        return QVariant();
    default:
        return nightData(*room, nightOf(index.column()), role);
    }
}

QVariant RoomRackModel::nightData(const Room &room, const QDate &night, int role) const
{
    const RoomClaim *claim = m_rack.claimOn(room.id, night);
    if (!claim)
        return role == Qt::AccessibleTextRole ? QVariant(tr("Free")) : QVariant();
    switch (role) {
    case Qt::DisplayRole:
        if (claim->outOfOrder())
            return tr("Out of order");
        return claim->guest.isEmpty() ? claim->reference : claim->guest;
    case Qt::AccessibleTextRole:
    case Qt::ToolTipRole:
        if (claim->outOfOrder())
            return tr("Out of order: %1").arg(claim->outOfOrderReason);
        return tr("%1, booking %2").arg(claim->guest, claim->reference);
    case Qt::BackgroundRole:
        return claim->outOfOrder() ? outOfOrderShade : occupiedShade;
    case StayIdRole:
        return claim->stay;
    case OutOfOrderRole:
        return claim->outOfOrder();
    default:
        return QVariant();
    }
}

QVariant RoomRackModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case RoomColumn:
        return tr("Room");
    case TypeColumn:
        return tr("Type");
    case HousekeepingColumn:
        return tr("Housekeeping");
    default:
        return QLocale().toString(nightOf(section), QStringLiteral("ddd d.M."));
    }
}

} // namespace boxoffice
