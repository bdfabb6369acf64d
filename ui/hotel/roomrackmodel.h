#pragma once

#include "domain/rooms.h"

#include <QAbstractTableModel>
#include <QColor>

namespace boxoffice {

// The room rack as a table: one row per room (number, type, housekeeping state), then one column per
// night with the guest whose stay has the room that night, or the room shaded out of order. A new rack
// for the same rooms changes cells only (dataChanged), so a refresh keeps the clerk's selection and scroll.
class RoomRackModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { RoomColumn, TypeColumn, HousekeepingColumn, FirstNightColumn };
    enum Role { RoomIdRole = Qt::UserRole, StayIdRole, OutOfOrderRole };

    explicit RoomRackModel(QObject *parent = nullptr);

    void setRack(const RoomRack &rack);
    const RoomRack &rack() const { return m_rack; }
    const Room *roomAt(int row) const;
    int rowOf(const QString &number) const; // -1 when no such room
    QDate nightOf(int column) const; // null for the room's own columns

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    static QString housekeepingText(Housekeeping state); // in the clerk's words
    static QColor housekeepingColour(Housekeeping state);

private:
    QVariant nightData(const Room &room, const QDate &night, int role) const;

    RoomRack m_rack;
};

} // namespace boxoffice
