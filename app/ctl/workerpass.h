#pragma once

#include "domain/checkoutstore.h"
#include "domain/maildelivery.h"
#include "mail/smtptransport.h"
#include "storage/pgcheckoutstore.h"
#include "storage/pgmailspool.h"
#include "storage/pgticketissuer.h"

#include <QJsonObject>
#include <QString>

#include <memory>

namespace boxoffice::ctl {

// One pass of the worker: reconcile (when a provider is configured), then issue the tickets and queue
// the mail of every paid order waiting in the outbox, then send the mail that is due.
struct WorkerPass
{
    ReconcileCounts counts;
    bool reconciled = false;
    int issued = 0;
    MailDeliveryFigures mail;
    QString failure; // a step that failed as a whole; one order's failure is in counts.failures
    DomainError failureError;
};

// The mail part of a pass: only with a relay configured, after the tickets (so their mail goes in the
// same pass).
struct MailSending
{
    std::unique_ptr<PgMailSpool> spool;
    std::unique_ptr<SmtpTransport> transport;
    std::unique_ptr<MailDelivery> delivery;
};

// `provider` null: no reconciling this pass (none configured, or its round is not due). `issuer` null:
// the outbox goes through RabbitMQ (AmqpWorker), not polled here.
WorkerPass workOnce(PgCheckoutStore &store, PgTicketIssuer *issuer, PaymentProvider *provider, MailSending *mail);

QString mailText(const MailDeliveryFigures &mail);
QJsonObject mailJson(const MailDeliveryFigures &mail);
QString countsText(const ReconcileCounts &counts);
QJsonObject countsJson(const ReconcileCounts &counts);

} // namespace boxoffice::ctl
