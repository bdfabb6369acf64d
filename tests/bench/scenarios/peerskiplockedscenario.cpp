// A design other ticketing systems use, reproduced as a comparator on the same schema: "any available
// seat", picked with FOR UPDATE SKIP LOCKED from the lowest free unit up, then written. Every claimer
// starts its scan at the same place, so at high concurrency they all walk the same locked and freshly
// held rows before finding a free one.

#include "rawsqlclient.h"
#include "scenario.h"

#include "storage/sqlerrors.h"
#include "storage/transactionguard.h"

#include <QSqlQuery>
#include <QVariant>

namespace boxoffice::bench {

namespace {

constexpr char pickSql[] = R"SQL(
SELECT id FROM event_seats
WHERE event_id = :event AND (state = 'AVAILABLE' OR (state = 'HELD' AND hold_expires_at <= now()))
ORDER BY id
LIMIT 1
FOR UPDATE SKIP LOCKED
)SQL";

constexpr char writeSql[] = R"SQL(
UPDATE event_seats SET state = 'HELD', cart_id = :cart, held_since = now(),
                       hold_expires_at = now() + interval '10 min'
WHERE id = :unit
)SQL";

class PeerSkipLockedScenario final : public Scenario
{
public:
    QString name() const override { return QStringLiteral("peer-skiplocked"); }
    QString summary() const override
    {
        return QStringLiteral("peer design: lowest free seat FOR UPDATE SKIP LOCKED LIMIT 1, then UPDATE");
    }

    qint64 attemptBudget(const BenchInventory &inventory) const override { return halfTheEvent(inventory); }

    Status prepare(QSqlDatabase, const BenchInventory &inventory) override
    {
        m_event = inventory.event();
        return Done{};
    }

    Status openClient(ClientContext &client) override
    {
        auto state = std::make_unique<RawSqlClient>(client.database());
        if (auto status = state->prepare({pickSql, writeSql}, QStringLiteral("preparing the skip-locked claim"));
            !status)
            return status;
        client.setState(std::move(state));
        return Done{};
    }

    AttemptResult attempt(ClientContext &client) override
    {
        RawSqlClient &peer = client.state<RawSqlClient>();
        const QString context = QStringLiteral("claiming with skip locked");
        TransactionGuard transaction(client.database());
        if (auto status = transaction.begin(context); !status)
            return classifyDomainError(status.error());

        QSqlQuery &pick = peer.query(0);
        pick.bindValue(QStringLiteral(":event"), m_event);
        if (!pick.exec())
            return classifySqlError(pick.lastError());
        const bool found = pick.next();
        const UnitId unit = found ? pick.value(0).toLongLong() : 0;
        pick.finish();
        if (!found)
            return AttemptResult::lost(); // sold out, or every free seat is being claimed right now

        const CartId cart = client.nextCart();
        QSqlQuery &write = peer.query(1);
        write.bindValue(QStringLiteral(":cart"), cart);
        write.bindValue(QStringLiteral(":unit"), unit);
        if (!write.exec())
            return classifySqlError(write.lastError());
        write.finish();
        if (auto status = transaction.commit(context); !status)
            return classifyDomainError(status.error());
        client.recordHold(unit, cart);
        return AttemptResult::granted();
    }

private:
    EventId m_event = 0;
};

} // namespace

std::unique_ptr<Scenario> makePeerSkipLockedScenario()
{
    return std::make_unique<PeerSkipLockedScenario>();
}

} // namespace boxoffice::bench
