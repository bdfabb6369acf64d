#pragma once

#include "domain/hotellists.h"

#include <QAbstractTableModel>

namespace boxoffice {

// One of a day's lists (arrivals, departures, in-house) as a table. Qt::UserRole gives each cell's
// value to sort by (dates as dates, nights as numbers), so a sort proxy orders them as a clerk expects.
class HotelListModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Reference, Guest, RoomType, CheckIn, CheckOut, Nights, State, ColumnCount };

    explicit HotelListModel(QObject *parent = nullptr);

    void setRows(const QVector<HotelListRow> &rows);
    const QVector<HotelListRow> &rows() const { return m_rows; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // The database's state in the clerk's words: "not arrived yet", "checked in", ...
    static QString stateWords(const QString &state);

private:
    QVector<HotelListRow> m_rows;
};

} // namespace boxoffice
