#pragma once

#include <QJsonArray>
#include <QSqlDatabase>
#include <QStringList>

namespace boxoffice::test {

struct ChaosWorld;
class ChaosStats;

// The end of a chaos run: let everything settle, then hold the database and the provider's own
// records to the promises about money and units. Runs on the main thread once every worker is done.
class ChaosVerdict
{
public:
    ChaosVerdict(const ChaosWorld &world, QSqlDatabase database, ChaosStats &stats);

    // No more planned trouble, every held webhook delivered, then reconciliation until it repairs
    // nothing. Returns what would not settle.
    QStringList settle();
    // Every broken promise found, with examples; empty when all hold.
    QStringList check();
    QStringList summary();

private:
    bool waitForWebhooks();
    QStringList violations(const QString &name, const QString &sql) const;
    QStringList databaseChecks() const;
    QStringList providerChecks();
    QJsonArray providerCharges();

    const ChaosWorld &m_world;
    QSqlDatabase m_database;
    ChaosStats &m_stats;
    int m_reconcileRuns = 0;
};

} // namespace boxoffice::test
