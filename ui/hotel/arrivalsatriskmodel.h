#pragma once

#include "domain/frontdesk.h"

#include <QAbstractTableModel>

namespace boxoffice {

// Booked stays arriving on nights where their room type holds more bookings than rooms: the
// manager's list of guests to move, upgrade or walk.
class ArrivalsAtRiskModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        ReferenceColumn,
        GuestColumn,
        RoomTypeColumn,
        CheckInColumn,
        CheckOutColumn,
        OverByColumn,
        ColumnCount
    };
    // Qt::UserRole gives the stay's id; SortRole the raw value (QDate, int) behind the text.
    enum Role { StayIdRole = Qt::UserRole, SortRole };

    explicit ArrivalsAtRiskModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    void setArrivals(const QVector<ArrivalAtRisk> &arrivals);
    const QVector<ArrivalAtRisk> &arrivals() const { return m_arrivals; }
    // The arrival on a row; an empty one for a row out of range.
    ArrivalAtRisk arrival(int row) const;

private:
    QVector<ArrivalAtRisk> m_arrivals;
};

} // namespace boxoffice
