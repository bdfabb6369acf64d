#include "commands.h"

#include "jsonformat.h"
#include "storage/inventoryauditor.h"

#include <QTextStream>

namespace boxoffice::ctl {

int runSweep(CtlContext &context)
{
    auto session = context.openInventory();
    if (!session)
        return context.fail(session.error());
    auto swept = session.value()->sweepExpiredHolds();
    if (!swept)
        return context.fail(swept.error());
    return context.succeed({{QStringLiteral("ok"), true}, {QStringLiteral("released"), swept.value()}},
                           QStringLiteral("Returned %1 expired hold(s) to available.").arg(swept.value()));
}

int runAudit(CtlContext &context)
{
    auto connection = context.connect();
    if (!connection)
        return context.fail(connection.error());
    auto report = InventoryAuditor(connection.value()->database()).run();
    if (!report)
        return context.fail(report.error());
    QString text;
    QTextStream out(&text);
    for (const AuditCheck &check : report->checks)
        out << (check.passed ? "  ok    " : "  FAIL  ") << check.name << ": " << check.description << '\n';
    for (const AuditFinding &finding : report->findings)
        out << "\n"
            << finding.check << ": " << finding.count << " violation(s), e.g. "
            << finding.examples.join(QStringLiteral("; ")) << '\n';
    out << (report->ok() ? "\nAudit passed." : "\nAudit FAILED.");
    context.succeed(auditToJson(report.value()), text);
    return report->ok() ? ExitDone : ExitFailure;
}

} // namespace boxoffice::ctl
