#pragma once

#include "domain/frontdesk.h"

#include <QAbstractTableModel>

namespace boxoffice {

// The stays a front desk search found: by reference, guest name or date.
class StaySearchModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        ReferenceColumn,
        GuestColumn,
        RoomTypeColumn,
        CheckInColumn,
        CheckOutColumn,
        StateColumn,
        ColumnCount
    };
    // Qt::UserRole gives the stay's id; SortRole the raw value (QDate, state code) behind the text.
    enum Role { StayIdRole = Qt::UserRole, SortRole };

    explicit StaySearchModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    void setStays(const QVector<StayRecord> &stays);
    const QVector<StayRecord> &stays() const { return m_stays; }
    // The stay on a row; an empty one for a row out of range.
    StayRecord stay(int row) const;

    // StayState::CheckedIn -> "Checked in": the state as a clerk reads it.
    static QString stateText(StayState state);

private:
    QVector<StayRecord> m_stays;
};

} // namespace boxoffice
