#pragma once

#include "domain/ids.h"
#include "domain/money.h"
#include "domain/result.h"
#include "domain/states.h"

#include <QString>
#include <QVector>

namespace boxoffice {

// One price of an event's band for one type: ADULT is the band's own price, COMPLIMENTARY is 0, CHILD and
// CONCESSION exist only where a manager set them. The amount is in the event's currency.
struct TypePrice
{
    QString bandCode;
    QString bandName;
    PriceType type = PriceType::Adult;
    Money amount;
};

// The type a held seat of a sale is charged at. A comp carries the reason a manager gave.
struct PriceTypeChoice
{
    CartId cart;
    UnitId unit = 0;
    PriceType type = PriceType::Adult;
    QString compReason;
};

class PriceTypeStore
{
public:
    virtual ~PriceTypeStore() = default;
    // Every type's price per band of the event, bands in code order.
    virtual Result<QVector<TypePrice>> prices(EventId event) = 0;
    // A manager's: a clerk is refused by the database (PermissionDenied).
    virtual Status setPrice(EventId event, const QString &bandCode, PriceType type, const Money &amount) = 0;
    // A separate statement after the hold, never part of it. Returns the amount the seat is now charged.
    // COMPLIMENTARY is refused by the database unless a manager is signed in (PermissionDenied).
    virtual Result<Money> choose(const PriceTypeChoice &choice) = 0;
};

namespace PriceTypeRules {
Status checkPrice(PriceType type, const Money &amount);
Status checkChoice(const PriceTypeChoice &choice);
} // namespace PriceTypeRules

// Price types at the counter and on the command line, with refusals worded for the person at the desk.
class PriceTypeService
{
public:
    explicit PriceTypeService(PriceTypeStore &store);

    Result<QVector<TypePrice>> prices(EventId event);
    Status setPrice(EventId event, const QString &bandCode, PriceType type, const Money &amount);
    Result<Money> choose(const PriceTypeChoice &choice);

private:
    PriceTypeStore &m_store;
};

// The prices of one band, by type, from an event's list: what a cart row may offer for a seat of it.
QVector<TypePrice> pricesOfBand(const QVector<TypePrice> &prices, const QString &bandCode);

} // namespace boxoffice
