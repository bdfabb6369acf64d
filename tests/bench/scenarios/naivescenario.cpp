// Wrong on purpose, never used by the product: read the state, decide in the client, then write
// without repeating the condition. Between the read and the write another client can claim the same
// seat, and both are told yes. It is here so the double-sale check is seen to catch something.

#include "rawsqlclient.h"
#include "scenario.h"

#include "storage/sqlerrors.h"

#include <QSqlQuery>
#include <QVariant>

namespace boxoffice::bench {

namespace {

constexpr int areaSeats = 1000;

constexpr char readSql[] = R"SQL(
SELECT state FROM event_seats WHERE id = :unit
)SQL";

// The mistake: no state condition in the WHERE clause.
constexpr char writeSql[] = R"SQL(
UPDATE event_seats SET state = 'HELD', cart_id = :cart, held_since = now(),
                       hold_expires_at = now() + interval '10 min'
WHERE id = :unit
)SQL";

class NaiveScenario final : public Scenario
{
public:
    QString name() const override { return QStringLiteral("naive"); }
    QString summary() const override
    {
        return QStringLiteral("wrong on purpose: SELECT state, then UPDATE without the condition; 1,000 seats");
    }
    bool expectsCorrectness() const override { return false; }

    Status prepare(QSqlDatabase, const BenchInventory &inventory) override
    {
        m_units = inventory.units().mid(0, areaSeats);
        return Done{};
    }

    Status openClient(ClientContext &client) override
    {
        auto state = std::make_unique<RawSqlClient>(client.database());
        if (auto status = state->prepare({readSql, writeSql}, QStringLiteral("preparing the naive claim")); !status)
            return status;
        client.setState(std::move(state));
        return Done{};
    }

    AttemptResult attempt(ClientContext &client) override
    {
        RawSqlClient &naive = client.state<RawSqlClient>();
        const UnitId unit = m_units.at(client.random().bounded(int(m_units.size())));
        QSqlQuery &read = naive.query(0);
        read.bindValue(QStringLiteral(":unit"), unit);
        if (!read.exec())
            return classifySqlError(read.lastError());
        const bool available = read.next() && read.value(0).toString() == QLatin1String("AVAILABLE");
        read.finish();
        if (!available)
            return AttemptResult::lost();

        const CartId cart = client.nextCart();
        QSqlQuery &write = naive.query(1);
        write.bindValue(QStringLiteral(":cart"), cart);
        write.bindValue(QStringLiteral(":unit"), unit);
        if (!write.exec())
            return classifySqlError(write.lastError());
        write.finish();
        client.recordHold(unit, cart);
        return AttemptResult::granted();
    }

private:
    QVector<UnitId> m_units;
};

} // namespace

std::unique_ptr<Scenario> makeNaiveScenario()
{
    return std::make_unique<NaiveScenario>();
}

} // namespace boxoffice::bench
