#include "storage/pgworkerfigures.h"

#include "storage/pgmailspool.h"
#include "storage/sqlerrors.h"

#include <QSqlQuery>
#include <QString>

namespace boxoffice {

Result<WorkerFigures> measureWorkerFigures(QSqlDatabase database)
{
    WorkerFigures figures;
    auto outbox = PgOutboxBacklog(database).read();
    if (!outbox)
        return outbox.error();
    figures.outbox = outbox.value();
    QSqlQuery query(database);
    if (!query.exec(QStringLiteral(
            "SELECT (SELECT count(*) FROM payments WHERE state = 'UNKNOWN'),"
            " (SELECT coalesce(extract(epoch FROM now() - min(created_at)), 0) FROM payments WHERE state = 'UNKNOWN'),"
            " (SELECT coalesce(sum(repaired), 0) FROM reconcile_repairs WHERE day = CURRENT_DATE)"))
        || !query.next())
        return fromSqlError(query.lastError(), QStringLiteral("measuring the worker's figures"));
    figures.unknownPayments = query.value(0).toLongLong();
    figures.oldestUnknownPaymentSeconds = query.value(1).toDouble();
    figures.repairsToday = query.value(2).toLongLong();
    auto mail = PgMailSpool(database).summary();
    if (!mail)
        return mail.error();
    figures.mail = mail.value();
    return figures;
}

QByteArray outboxMetricsText(const OutboxBacklog &backlog)
{
    return QStringLiteral("# HELP boxoffice_outbox_unpublished Paid orders' events not yet confirmed by the message "
                          "broker (and not yet processed).\n"
                          "# TYPE boxoffice_outbox_unpublished gauge\n"
                          "boxoffice_outbox_unpublished %1\n"
                          "# HELP boxoffice_outbox_unprocessed Paid orders whose tickets are not yet issued.\n"
                          "# TYPE boxoffice_outbox_unprocessed gauge\n"
                          "boxoffice_outbox_unprocessed %2\n"
                          "# HELP boxoffice_outbox_oldest_unprocessed_seconds Age of the oldest paid order still "
                          "waiting for its tickets (0: none waits).\n"
                          "# TYPE boxoffice_outbox_oldest_unprocessed_seconds gauge\n"
                          "boxoffice_outbox_oldest_unprocessed_seconds %3\n")
        .arg(backlog.unpublished)
        .arg(backlog.unprocessed)
        .arg(backlog.oldestUnprocessedSeconds, 0, 'f', 3)
        .toUtf8();
}

QByteArray workerMetricsText(const WorkerFigures &figures)
{
    QByteArray text = outboxMetricsText(figures.outbox);
    text += QStringLiteral("# HELP boxoffice_payments_unknown Charges whose outcome the provider has not told yet.\n"
                           "# TYPE boxoffice_payments_unknown gauge\n"
                           "boxoffice_payments_unknown %1\n"
                           "# HELP boxoffice_payments_oldest_unknown_seconds Age of the oldest such charge (0: none).\n"
                           "# TYPE boxoffice_payments_oldest_unknown_seconds gauge\n"
                           "boxoffice_payments_oldest_unknown_seconds %2\n"
                           "# HELP boxoffice_reconcile_repairs_today Checkouts reconciliation finished today (UTC day "
                           "of the database).\n"
                           "# TYPE boxoffice_reconcile_repairs_today gauge\n"
                           "boxoffice_reconcile_repairs_today %3\n"
                           "# HELP boxoffice_mail_spool Confirmation mail by state.\n"
                           "# TYPE boxoffice_mail_spool gauge\n"
                           "boxoffice_mail_spool{state=\"waiting\"} %4\n"
                           "boxoffice_mail_spool{state=\"failing\"} %5\n"
                           "boxoffice_mail_spool{state=\"given_up\"} %6\n"
                           "boxoffice_mail_spool{state=\"sent\"} %7\n")
                .arg(figures.unknownPayments)
                .arg(figures.oldestUnknownPaymentSeconds, 0, 'f', 3)
                .arg(figures.repairsToday)
                .arg(figures.mail.waiting)
                .arg(figures.mail.failing)
                .arg(figures.mail.givenUp)
                .arg(figures.mail.sent)
                .toUtf8();
    return text;
}

} // namespace boxoffice
