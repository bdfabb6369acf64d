// A design other ticketing systems use, reproduced as a comparator on the same schema: one event-wide
// lock (a transaction-scoped advisory lock on the event id), then read the seat, then write it. It is
// correct, but every claim on the event queues behind the one before it.

#include "rawsqlclient.h"
#include "scenario.h"

#include "storage/sqlerrors.h"
#include "storage/transactionguard.h"

#include <QSqlQuery>
#include <QVariant>

namespace boxoffice::bench {

namespace {

constexpr char lockSql[] = R"SQL(
SELECT pg_advisory_xact_lock(:event)
)SQL";

constexpr char readSql[] = R"SQL(
SELECT state = 'AVAILABLE' OR (state = 'HELD' AND hold_expires_at <= now()) FROM event_seats WHERE id = :unit
)SQL";

constexpr char writeSql[] = R"SQL(
UPDATE event_seats SET state = 'HELD', cart_id = :cart, held_since = now(),
                       hold_expires_at = now() + interval '10 min'
WHERE id = :unit
)SQL";

class PeerEventLockScenario final : public Scenario
{
public:
    QString name() const override { return QStringLiteral("peer-eventlock"); }
    QString summary() const override
    {
        return QStringLiteral("peer design: pg_advisory_xact_lock(event), read, write; random seats of 50,000");
    }

    qint64 attemptBudget(const BenchInventory &inventory) const override { return halfTheEvent(inventory); }

    Status prepare(QSqlDatabase, const BenchInventory &inventory) override
    {
        m_event = inventory.event();
        m_units = inventory.units();
        return Done{};
    }

    Status openClient(ClientContext &client) override
    {
        auto state = std::make_unique<RawSqlClient>(client.database());
        if (auto status
            = state->prepare({lockSql, readSql, writeSql}, QStringLiteral("preparing the event-lock claim"));
            !status)
            return status;
        client.setState(std::move(state));
        return Done{};
    }

    AttemptResult attempt(ClientContext &client) override
    {
        RawSqlClient &peer = client.state<RawSqlClient>();
        const UnitId unit = m_units.at(client.random().bounded(int(m_units.size())));
        const QString context = QStringLiteral("claiming under the event lock");
        TransactionGuard transaction(client.database());
        if (auto status = transaction.begin(context); !status)
            return classifyDomainError(status.error());

        QSqlQuery &lock = peer.query(0);
        lock.bindValue(QStringLiteral(":event"), m_event);
        if (!lock.exec())
            return classifySqlError(lock.lastError());
        lock.finish();

        QSqlQuery &read = peer.query(1);
        read.bindValue(QStringLiteral(":unit"), unit);
        if (!read.exec())
            return classifySqlError(read.lastError());
        const bool claimable = read.next() && read.value(0).toBool();
        read.finish();
        if (!claimable)
            return AttemptResult::lost(); // the guard rolls back, which also lets the lock go

        const CartId cart = client.nextCart();
        QSqlQuery &write = peer.query(2);
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
    QVector<UnitId> m_units;
};

} // namespace

std::unique_ptr<Scenario> makePeerEventLockScenario()
{
    return std::make_unique<PeerEventLockScenario>();
}

} // namespace boxoffice::bench
