#pragma once

#include "domain/auditreport.h"
#include "domain/result.h"

#include <QSqlDatabase>

namespace boxoffice {

// Checks the inventory's invariants from outside the code that maintains them: run it after a load
// test, after a crash, or from a nightly job. Read-only, no locks.
class InventoryAuditor
{
public:
    explicit InventoryAuditor(QSqlDatabase database);
    Result<AuditReport> run();

private:
    QSqlDatabase m_database;
};

} // namespace boxoffice
