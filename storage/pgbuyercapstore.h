#pragma once

#include "domain/buyercapstore.h"
#include "storage/preparedstatements.h"

#include <QHash>

#include <array>

namespace boxoffice {

// BuyerCapStore on PostgreSQL, on the connection the claims run on: its locks and counts join the
// caller's unit of work (PgUnitOfWork on the same connection), and last until it ends.
class PgBuyerCapStore final : public BuyerCapStore
{
public:
    explicit PgBuyerCapStore(QSqlDatabase database);

    Status lockBuyer(BuyerId buyer) override;
    Result<QString> cartInstrument(const CartId &cart) override;
    Status lockInstrument(const QString &instrument) override;
    Result<CapUsage> buyerUsage(BuyerId buyer, const CapAsk &ask) override;
    Result<CapUsage> instrumentUsage(const QString &instrument, const CapAsk &ask) override;
    // One call each (migration 037): every cap, the new holders included; and a seat hold with them.
    Result<std::optional<CapRefusal>> checkCaps(const CapAsk &ask) override;
    bool claimsSeatsInOneCall() const override { return true; }
    Result<CappedSeatClaim> holdSeats(const HoldRequest &request, const QStringList &labels) override;
    bool claimsPlacesInOneCall() const override { return true; }
    Result<CappedPlacesClaim> holdPlaces(const PoolHoldRequest &request) override;

    // The caps of one event, hotel or restaurant, by holder: Buyer, Instrument, UnknownCard, Address
    // in that order. `changes` sets those it names (an empty value clears the cap); none: a read.
    using ScopeCaps = std::array<std::optional<int>, 4>;
    using CapChanges = QHash<int, std::optional<int>>; // key: int(CapHolder)
    Result<ScopeCaps> setCaps(CapScope scope, qint64 id, const CapChanges &changes);

private:
    Status lock(const char *sql, PreparedStatements::Bindings bindings);
    Result<CapUsage> usage(const QVariant &buyer, const QVariant &instrument, const CapAsk &ask);
    Result<CapUsage> read(const char *sql, PreparedStatements::Bindings bindings);
    Result<CappedPlacesClaim> holdPlacesOnce(const PoolHoldRequest &request);

    PreparedStatements m_statements;
};

} // namespace boxoffice
