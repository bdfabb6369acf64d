#pragma once

#include "benchoptions.h"
#include "cellresult.h"
#include "cpuwatch.h"
#include "progressline.h"

#include "storage/connectionsettings.h"

#include <QSqlDatabase>
#include <QVector>

namespace boxoffice::bench {

class BenchDatabase;
class BenchInventory;
class Scenario;

// Exit statuses: like boxoffice-ctl's, plus one for a correctness failure, which is never about time.
enum BenchExit { ExitDone = 0, ExitFailure = 1, ExitUsage = 2, ExitIncorrect = 3 };

// One bench invocation: set up the database, run every chosen scenario at every client count, check
// each run, report, and remove what it created.
class BenchRun
{
public:
    explicit BenchRun(BenchOptions options);
    int exec();

private:
    int measure(BenchDatabase &database, const ConnectionSettings &settings);
    void printHeader(BenchDatabase &database, QSqlDatabase connection, const BenchInventory &inventory);
    CellResult runCell(Scenario &scenario, int clients, const QString &label, QSqlDatabase connection,
                       const BenchInventory &inventory, const ConnectionSettings &settings, const CpuWatch &cpu);

    BenchOptions m_options;
    ProgressLine m_progress;
    QVector<CellResult> m_results;
};

} // namespace boxoffice::bench
