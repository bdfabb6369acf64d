#pragma once

#include "domain/venuespec.h"
#include "storage/databaseconnection.h"
#include "storage/venueloader.h"

#include <QProcessEnvironment>
#include <QSqlQuery>
#include <QVariantMap>

#include <memory>

namespace boxoffice::test {

// A freshly migrated database of its own for one test suite, on the cluster the ctest fixture started
// (BOXOFFICE_TEST_CLUSTER_DIR). Dropped again when the suite ends.
class TestDatabase
{
public:
    explicit TestDatabase(const QString &suite);
    // A database someone else made and will remove (a failover formation's): migrated, never dropped.
    explicit TestDatabase(const ConnectionSettings &existing);
    ~TestDatabase();

    // Opens the main connection again (after a failover: to whichever server takes writes now).
    bool reconnect();

    bool ok() const { return m_ok; }
    QString failure() const { return m_failure; }
    ConnectionSettings settings() const { return m_settings; }
    QSqlDatabase database() const { return m_connection->database(); }

    // A new connection to this suite's database (one per thread).
    std::unique_ptr<DatabaseConnection> connect(const QString &purpose = QStringLiteral("test")) const;

    // A rectangular hall: section "A", rows 1..rows, seats 1..seatsPerRow, one price band "S" at
    // `priceMinor`, and an event on it with the given lease policy.
    LoadedVenue loadHall(const QString &name, int rows, int seatsPerRow, int holdSeconds = 600, int maxExtensions = 1,
                         qint64 priceMinor = 5000);
    QVector<UnitId> units(EventId event) const; // in seat order
    // One value from a query with named bindings; a failed query fails the calling test.
    QVariant scalar(const QString &sql, const QVariantMap &bindings = {}) const;
    bool exec(const QString &sql, const QVariantMap &bindings = {}, QString *error = nullptr) const;

    // Empty when every invariant holds, else the first failed check and examples.
    QString auditFailure() const;
    // Moves a cart's live holds `seconds` into the past (start and expiry alike), as if time had passed.
    // `table`: event_seats, ga_holds, stays or slot_bookings.
    bool backdateHolds(const QString &table, const QString &cart, int seconds) const;

    static VenueSpec hallSpec(const QString &name, int rows, int seatsPerRow, int holdSeconds, int maxExtensions,
                              qint64 priceMinor);
    static Result<ConnectionSettings> clusterSettings(const QString &database);

private:
    QString m_name;
    ConnectionSettings m_settings;
    std::unique_ptr<DatabaseConnection> m_connection;
    bool m_ok = false;
    bool m_owned = true;
    QString m_failure;
};

// This process's environment with the PG* variables naming `target`: how a test starts boxoffice-ctl,
// the worker or the web server against its database, as an administrator would.
QProcessEnvironment clientEnvironment(const ConnectionSettings &target);

} // namespace boxoffice::test
