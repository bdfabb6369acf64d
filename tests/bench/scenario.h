#pragma once

#include "benchinventory.h"
#include "clientcontext.h"
#include "outcome.h"

#include "domain/result.h"

#include <QSqlDatabase>
#include <QString>
#include <QVector>

#include <memory>

namespace boxoffice::bench {

// What a run's afterwards check found.
struct Verification
{
    // Units more than one client was told it held at the same time (plus holds another buyer took
    // while their holder still had them).
    int doubleSold = 0;
    // Holds the clients were told about that the database does not show, plus held rows no client was
    // told about: the bench's record and the database disagree.
    int databaseMismatches = 0;
};

// One way of claiming seats, run at several client counts. A run calls prepare() once on the bench's
// connection, then in every client thread openClient() and attempt() until the time is up, then
// verify(). Adding a scenario is one file in scenarios/ plus one line in scenarioregistry.cpp.
class Scenario
{
public:
    virtual ~Scenario() = default;

    virtual QString name() const = 0;
    virtual QString summary() const = 0; // one line for --list
    // False for the scenario that is wrong on purpose: its double sales are the expected result.
    virtual bool expectsCorrectness() const { return true; }
    // Attempts after which a run ends even if time is left; 0: the duration alone ends it.
    virtual qint64 attemptBudget(const BenchInventory &inventory) const;

    // Before each run, after the inventory was reset; `database` is the bench's own connection.
    virtual Status prepare(QSqlDatabase database, const BenchInventory &inventory) = 0;
    // After prepare(), knowing how many clients the run has (the HTTP scenarios make a buyer and carts
    // for each).
    virtual Status prepareClients(QSqlDatabase database, int clients);
    // False when clients talk to a server rather than the database: the runner then opens no
    // connection per client (1,000 HTTP clients need no 1,000 backends).
    virtual bool connectsClients() const { return true; }
    // In the client's thread, on its own connection, before the start barrier: prepare statements,
    // build stores, so the measured window holds claims only.
    virtual Status openClient(ClientContext &client) = 0;
    // One claim; timed. Runs concurrently in every client thread: touch only the client and const data.
    virtual AttemptResult attempt(ClientContext &client) = 0;
    // Untimed work after a granted claim (the churn variant's release); errors are counted, Granted and
    // Lost mean nothing went wrong.
    virtual AttemptResult afterGrant(ClientContext &client);
    // After the run, on the bench's connection. The default holds every client's record of what it was
    // told against itself and against the database.
    virtual Result<Verification> verify(QSqlDatabase database, const BenchInventory &inventory,
                                        const QVector<const ClientContext *> &clients);
};

// The budget of the scenarios that claim random seats of the whole event: half its seats. Without it a
// fast scenario fills the event within seconds and then measures cheap rejections (no commit to flush)
// while a slower one is still granting, so their rates would not compare. With the same number of
// attempts every such scenario ends at the same fill level (about 39% held) whatever its speed.
qint64 halfTheEvent(const BenchInventory &inventory);

// The default verify(), for scenarios that override it and still want the common check.
Result<Verification> checkHolds(QSqlDatabase database, const BenchInventory &inventory,
                                const QVector<const ClientContext *> &clients);

} // namespace boxoffice::bench
