#pragma once

#include "domain/ids.h"
#include "domain/result.h"

#include <QSqlDatabase>
#include <QVector>

#include <functional>

namespace boxoffice::bench {

// The 50,000-seat demo stadium the scenarios claim from, loaded once per bench run.
class BenchInventory
{
public:
    using Progress = std::function<void(int done, int total)>;

    // Loads the demo stadium, its name followed by `nameSuffix`; a venue of that name must not exist
    // yet, so the bench only ever touches rows it created.
    static Result<BenchInventory> load(QSqlDatabase database, const QString &nameSuffix, const Progress &progress = {});

    EventId event() const { return m_event; }
    // Every unit of the event, lowest id first.
    const QVector<UnitId> &units() const { return m_units; }

    // Every unit AVAILABLE again, dead row versions vacuumed and a checkpoint taken, so each run starts
    // from the same table and WAL state whatever ran before it.
    Status reset(QSqlDatabase database) const;
    // Deletes the venue and its event: for runs inside a database the bench did not create.
    Status remove(QSqlDatabase database) const;

private:
    qint64 m_layout = 0;
    EventId m_event = 0;
    QVector<UnitId> m_units;
};

} // namespace boxoffice::bench
