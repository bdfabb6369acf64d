#pragma once

#include "cellresult.h"

#include "domain/result.h"

#include <QByteArray>
#include <QFile>

namespace boxoffice::bench {

// --json FILE: JSON Lines, one object per scenario and client count, written and flushed as each run
// ends, so an interrupted bench still leaves the runs it finished. Keys come in the documented order:
// {"scenario", "clients", "attempts_per_s", "granted_per_s", "p50_ms", "p95_ms", "p99_ms",
//  "errors": {"lost", "deadlock", "serialization", "timeout", "other"}, "double_sold", "audit_ok"}.
class JsonLinesWriter
{
public:
    Status open(const QString &path);
    Status write(const CellResult &result);

    static QByteArray line(const CellResult &result);

private:
    QFile m_file;
};

} // namespace boxoffice::bench
