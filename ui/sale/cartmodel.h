#pragma once

#include "domain/cartitems.h"
#include "domain/ids.h"
#include "domain/pricetypes.h"

#include <QAbstractTableModel>
#include <QDateTime>

#include <optional>

namespace boxoffice {

struct CartEntry
{
    UnitId unit = 0; // seat: the unit; standing places: the hold's lead row; table: the booking
    QString label; // "A-1-5", "Standing (stalls rear) × 2", "Table T5, 4 people"
    QString section; // "Stalls", "Standing", "Demo Bistro, Tue 1 Dec 19:00–21:00"
    Money price; // seats: at the chosen price type
    QDateTime expiresAt; // the server's clock
    ItemKind kind = ItemKind::Seat; // a row is (kind, unit): a booking id may equal a seat's
    qint64 pool = 0; // standing places: the pool, which is what giving them back names
    int quantity = 1;
    QString band; // seats: the price band code, which type prices the seat may be sold at
    PriceType priceType = PriceType::Adult; // seats only
};

// What this terminal holds for the sale in progress (seats, standing places, tables), with a countdown to each hold's
// expiry. The countdowns move when setServerNow() is called by the shared clock; nothing here runs a timer.
class CartModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { SeatColumn, SectionColumn, PriceTypeColumn, PriceColumn, TimeLeftColumn, ColumnCount };
    static constexpr int warningSeconds = 60;

    explicit CartModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    // The price type column is edited through the domain: this only asks for the change
    // (priceTypeRequested) and changes nothing; setPriceType() shows what the server then charged.
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;

    // Adds new seats, or refreshes the expiry and price of seats already in the cart (a re-hold, an
    // extension, or the server's quote).
    void upsert(const QVector<CartEntry> &entries);
    // Seats only, by unit (the map's clicks and changes name seats).
    void remove(const QVector<UnitId> &units);
    // Rows of any kind, matched by kind and unit.
    void removeEntries(const QVector<CartEntry> &entries);
    void clear();
    void setServerNow(const QDateTime &serverNow);
    // The event's prices per band and type: what each row's type column offers.
    void setTypePrices(const QVector<TypePrice> &prices);
    // The types a row's seat may be sold at, with their prices (ADULT first).
    QVector<TypePrice> optionsFor(int row) const;
    void setPriceType(UnitId unit, PriceType type, const Money &price);

    const QVector<CartEntry> &entries() const { return m_entries; }
    QVector<UnitId> units() const; // the seats'
    bool contains(UnitId unit) const; // a seat
    int count(ItemKind kind) const;
    QVector<CartEntry> expiredAt(const QDateTime &serverNow) const;
    // What the entries add up to; none when they mix currencies, which no one sale can charge.
    std::optional<Money> total() const;
    QString currency() const;
    // Seconds until the first hold runs out (negative once it has); 0 when empty.
    qint64 secondsLeft(const CartEntry &entry) const;

signals:
    void priceTypeRequested(UnitId unit, PriceType type);

private:
    int rowOf(ItemKind kind, qint64 unit) const;

    QVector<CartEntry> m_entries;
    QVector<TypePrice> m_typePrices;
    QDateTime m_serverNow;
};

QString formatCountdown(qint64 seconds);
// "Adult", "Child", "Concession", "Complimentary", translated.
QString priceTypeText(PriceType type);

} // namespace boxoffice
