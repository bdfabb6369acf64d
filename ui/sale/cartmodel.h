#pragma once

#include "domain/ids.h"

#include <QAbstractTableModel>
#include <QDateTime>

namespace boxoffice {

struct CartEntry
{
    UnitId unit = 0;
    QString label; // "A-1-5"
    QString section; // "Stalls"
    qint64 priceMinor = 0;
    QString currency;
    QDateTime expiresAt; // the server's clock
};

// The seats this terminal holds for the sale in progress, with a countdown to each hold's expiry.
// The countdowns move when setServerNow() is called by the shared clock; nothing here runs a timer.
class CartModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { SeatColumn, SectionColumn, PriceColumn, TimeLeftColumn, ColumnCount };
    static constexpr int warningSeconds = 60;

    explicit CartModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Adds new seats, or refreshes the expiry and price of seats already in the cart (a re-hold, an
    // extension, or the server's quote).
    void upsert(const QVector<CartEntry> &entries);
    void remove(const QVector<UnitId> &units);
    void clear();
    void setServerNow(const QDateTime &serverNow);

    const QVector<CartEntry> &entries() const { return m_entries; }
    QVector<UnitId> units() const;
    bool contains(UnitId unit) const;
    QVector<CartEntry> expiredAt(const QDateTime &serverNow) const;
    qint64 totalMinor() const;
    QString currency() const;
    // Seconds until the first hold runs out (negative once it has); 0 when empty.
    qint64 secondsLeft(const CartEntry &entry) const;

private:
    int rowOf(UnitId unit) const;

    QVector<CartEntry> m_entries;
    QDateTime m_serverNow;
};

QString formatCountdown(qint64 seconds);

} // namespace boxoffice
