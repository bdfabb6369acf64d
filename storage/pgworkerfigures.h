#pragma once

#include "domain/maildelivery.h"
#include "domain/result.h"
#include "storage/pgoutboxbacklog.h"

#include <QByteArray>
#include <QSqlDatabase>

namespace boxoffice {

// What an operator alerts on for the worker, measured in the database (so any worker, or a scrape
// while a pass is busy, sees the same): the outbox behind it, charges nobody knows the outcome of,
// the repairs reconciliation made today, and the mail spool.
struct WorkerFigures
{
    OutboxBacklog outbox;
    qint64 unknownPayments = 0; // state UNKNOWN: the provider has not said yet
    double oldestUnknownPaymentSeconds = 0;
    qint64 repairsToday = 0;
    MailSpoolSummary mail;
};

Result<WorkerFigures> measureWorkerFigures(QSqlDatabase database);

// Prometheus' text format. The outbox part is the web channel's too, under the same names.
QByteArray outboxMetricsText(const OutboxBacklog &backlog);
QByteArray workerMetricsText(const WorkerFigures &figures);

} // namespace boxoffice
