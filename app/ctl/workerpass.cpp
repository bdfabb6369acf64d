#include "workerpass.h"

#include "domain/reconciler.h"
#include "tickets/ticketpdfwriter.h"

#include <QJsonArray>

namespace boxoffice::ctl {

namespace {

void noteFailure(WorkerPass &pass, const DomainError &error)
{
    pass.failure += (pass.failure.isEmpty() ? QString() : QStringLiteral("; ")) + error.message;
    pass.failureError = error;
}

} // namespace

WorkerPass workOnce(PgCheckoutStore &store, PgTicketIssuer *issuer, PaymentProvider *provider, MailSending *mail)
{
    WorkerPass pass;
    if (provider) {
        auto counts = Reconciler(store, *provider).run();
        if (!counts)
            noteFailure(pass, counts.error());
        else {
            pass.counts = counts.value();
            pass.reconciled = true;
        }
    }
    while (issuer) {
        auto issued = issuer->issueNextConfirmed(orderPdf);
        if (!issued) {
            if (issued.error().code != ErrorCode::NotFound)
                noteFailure(pass, issued.error());
            break;
        }
        ++pass.issued;
    }
    // The mail goes whatever else failed: a provider that cannot be reached holds up no confirmation.
    if (mail) {
        auto delivered = mail->delivery->deliverDue();
        if (!delivered)
            noteFailure(pass, delivered.error());
        else
            pass.mail = delivered.value();
    }
    return pass;
}

QString mailText(const MailDeliveryFigures &mail)
{
    return QStringLiteral("Mail: %1 sent, %2 to try again, %3 given up.")
        .arg(mail.sent)
        .arg(mail.retried)
        .arg(mail.givenUp);
}

QJsonObject mailJson(const MailDeliveryFigures &mail)
{
    return {{QStringLiteral("sent"), mail.sent},
            {QStringLiteral("retried"), mail.retried},
            {QStringLiteral("given_up"), mail.givenUp}};
}

QJsonObject countsJson(const ReconcileCounts &counts)
{
    return QJsonObject{{QStringLiteral("confirmed"), counts.confirmed},
                       {QStringLiteral("cancelled"), counts.cancelled},
                       {QStringLiteral("expired"), counts.expired},
                       {QStringLiteral("refunded"), counts.refunded},
                       {QStringLiteral("still_unknown"), counts.stillUnknown},
                       {QStringLiteral("failed"), counts.failed},
                       {QStringLiteral("failures"), QJsonArray::fromStringList(counts.failures)}};
}

QString countsText(const ReconcileCounts &counts)
{
    QString text = QStringLiteral("Reconciled: %1 confirmed, %2 cancelled (never charged), %3 expired (abandoned), "
                                  "%4 refunded, %5 still unknown.")
                       .arg(counts.confirmed)
                       .arg(counts.cancelled)
                       .arg(counts.expired)
                       .arg(counts.refunded)
                       .arg(counts.stillUnknown);
    if (counts.failed > 0)
        text += QStringLiteral(" %1 failed, tried again next run: %2")
                    .arg(counts.failed)
                    .arg(counts.failures.join(QStringLiteral("; ")));
    return text;
}

} // namespace boxoffice::ctl
