// checkout, reconcile and worker: the online checkout saga from the command line, and the job that
// finishes what crashed or timed-out checkouts left behind.

#include "amqpworker.h"
#include "commands.h"
#include "terminalprogress.h"

#include "domain/checkoutsaga.h"
#include "domain/reconciler.h"
#include "domain/maildelivery.h"
#include "domain/refundservice.h"
#include "mail/smtptransport.h"
#include "config/servicesettings.h"
#include "payments/httppaymentprovider.h"
#include "storage/pgaccountstore.h"
#include "storage/pgcheckoutstore.h"
#include "storage/pginventory.h"
#include "storage/pgmailspool.h"
#include "storage/pgticketissuer.h"
#include "ui/tickets/ticketpdfwriter.h"

#include <QDeadlineTimer>
#include <QJsonArray>
#include <QSettings>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QSqlDriver>
#include <QThread>
#include <QTimer>
#include <QTextStream>

#include <memory>

namespace boxoffice::ctl {

namespace {

// The provider to charge, from the settings file (--settings, else the default places) and the
// environment; never from the command line, where every user of the machine could read its key.
Result<std::unique_ptr<HttpPaymentProvider>> openProvider(const CtlContext &context)
{
    const Result<ServiceSettings> settings = ServiceSettings::load(context.parser().value(QStringLiteral("settings")));
    if (!settings)
        return settings.error();
    if (!settings->hasProvider())
        return makeError(ErrorCode::NotFound,
                         QStringLiteral("No payment provider is configured: put its url and secret_key under [provider] "
                                        "in the settings file (--settings FILE, mode 600), or set BOXOFFICE_PAYMENT_URL "
                                        "and BOXOFFICE_PAYMENT_KEY."));
    int timeoutMs = settings->providerTimeoutMs > 0 ? settings->providerTimeoutMs : 10000;
    if (context.parser().isSet(QStringLiteral("provider-timeout"))) {
        auto timeout = context.requireNumber(QStringLiteral("provider-timeout"), 100);
        if (!timeout)
            return timeout.error();
        timeoutMs = timeout.value();
    }
    return std::make_unique<HttpPaymentProvider>(settings->providerUrl, settings->providerSecretKey, timeoutMs);
}

QString stateName(CheckoutOutcome::State state)
{
    switch (state) {
    case CheckoutOutcome::State::Paid:
        return QStringLiteral("paid");
    case CheckoutOutcome::State::Declined:
        return QStringLiteral("declined");
    case CheckoutOutcome::State::Pending:
        break;
    }
    return QStringLiteral("pending");
}

QJsonObject countsJson(const ReconcileCounts &counts)
{
    return QJsonObject{{"confirmed", counts.confirmed},
                       {"cancelled", counts.cancelled},
                       {"expired", counts.expired},
                       {"refunded", counts.refunded},
                       {"still_unknown", counts.stillUnknown}};
}

QString countsText(const ReconcileCounts &counts)
{
    return QStringLiteral("Reconciled: %1 confirmed, %2 cancelled (never charged), %3 expired (abandoned), "
                          "%4 refunded, %5 still unknown.")
        .arg(counts.confirmed)
        .arg(counts.cancelled)
        .arg(counts.expired)
        .arg(counts.refunded)
        .arg(counts.stillUnknown);
}

} // namespace

int runCheckout(CtlContext &context)
{
    const QString cart = context.parser().value(QStringLiteral("cart"));
    const bool resume = context.parser().isSet(QStringLiteral("order"));
    if (cart.isEmpty() && !resume)
        return context.failUsage(QStringLiteral("Use: boxoffice-ctl checkout --cart CART | --order ID"));
    auto provider = openProvider(context);
    if (!provider)
        return context.fail(provider.error());
    auto session = context.openInventory();
    if (!session)
        return context.fail(session.error());
    PgCheckoutStore store(session->connection->database(), session->inventory->carts);
    CheckoutSaga saga(store, *provider.value(), QStringLiteral("fakepay"));
    // For the crash tests: stop dead at a step, as a process killed there would.
    const QString pauseAt = qEnvironmentVariable("BOXOFFICE_SAGA_PAUSE_AT");
    saga.checkpoint = [&pauseAt](const QString &step) {
        if (step != pauseAt)
            return;
        QTextStream(stdout) << "paused at " << step << Qt::endl;
        for (;;)
            QThread::sleep(3600);
    };
    Result<CheckoutOutcome> outcome = resume ? [&]() -> Result<CheckoutOutcome> {
        auto order = context.requireNumber(QStringLiteral("order"), 1);
        if (!order)
            return order.error();
        return saga.resume(order.value());
    }()
                                             : saga.checkout(cart, QStringLiteral("web"), QStringLiteral("ctl"));
    if (!outcome)
        return context.fail(outcome.error());
    QJsonArray sold;
    for (const OrderLine &line : outcome->settlement.sold)
        sold.append(line.label);
    QJsonArray refunded;
    for (const OrderLine &line : outcome->settlement.refunded)
        refunded.append(line.label);
    const QString state = stateName(outcome->state);
    QString text = QStringLiteral("Order %1: %2.").arg(outcome->order).arg(state);
    if (outcome->state == CheckoutOutcome::State::Declined)
        text += QStringLiteral(" The card was declined (%1); the seats went back.").arg(outcome->charge.declineReason);
    if (outcome->state == CheckoutOutcome::State::Pending)
        text += QStringLiteral(" The provider's answer is not known yet; the seats stay held and reconcile will decide.");
    if (!refunded.isEmpty())
        text += QStringLiteral(" Refunded, could not be delivered: %1.").arg(refunded.size());
    const int exit = context.succeed({{"ok", outcome->state == CheckoutOutcome::State::Paid},
                                      {"order", outcome->order},
                                      {"state", state},
                                      {"sold", sold},
                                      {"refunded", refunded},
                                      {"refund_due_minor", outcome->settlement.refundDueMinor}},
                                     text);
    return outcome->state == CheckoutOutcome::State::Paid ? exit : ExitFailure;
}

int runReconcile(CtlContext &context)
{
    auto session = context.openInventory();
    if (!session)
        return context.fail(session.error());
    PgCheckoutStore store(session->connection->database(), session->inventory->carts);
    if (context.parser().isSet(QStringLiteral("report"))) {
        auto report = store.repairReport(30);
        if (!report)
            return context.fail(report.error());
        QJsonArray json;
        QStringList lines;
        for (const ReconcileDay &day : report.value()) {
            json.append(QJsonObject{{"day", day.day.toString(Qt::ISODate)}, {"kind", day.kind}, {"repaired", day.repaired}});
            lines << QStringLiteral("%1  %2  %3").arg(day.day.toString(Qt::ISODate), day.kind.leftJustified(10)).arg(day.repaired);
        }
        return context.succeed({{"ok", true}, {"repairs", json}},
                               lines.isEmpty() ? QStringLiteral("Nothing repaired in the last 30 days.")
                                               : lines.join(QLatin1Char('\n')));
    }
    auto provider = openProvider(context);
    if (!provider)
        return context.fail(provider.error());
    int age = 60;
    if (context.parser().isSet(QStringLiteral("unknown-after"))) {
        auto parsed = context.requireNumber(QStringLiteral("unknown-after"), 0);
        if (!parsed)
            return context.fail(parsed.error());
        age = parsed.value();
    }
    auto counts = Reconciler(store, *provider.value()).run(age);
    if (!counts)
        return context.fail(counts.error());
    return context.succeed({{"ok", true}, {"repaired", countsJson(counts.value())}}, countsText(counts.value()));
}

int runRefund(CtlContext &context)
{
    auto order = context.requireNumber(QStringLiteral("order"), 1);
    if (!order)
        return context.fail(order.error());
    auto session = context.openInventory();
    if (!session)
        return context.fail(session.error());
    auto items = parseOrderItemRefs(context.parser().value(QStringLiteral("items")));
    if (!items)
        return context.fail(items.error());
    PgCheckoutStore store(session->connection->database(), session->inventory->carts);
    // Online money goes back through the provider now if one is configured, else the worker does it.
    auto provider = openProvider(context);
    if (!provider && provider.error().code != ErrorCode::NotFound)
        return context.fail(provider.error());
    RefundService refunds(store, provider ? provider.value().get() : nullptr);
    auto refund = refunds.refund(order.value(), items.value(), context.parser().value(QStringLiteral("reason")));
    if (!refund)
        return context.fail(refund.error());
    const qint64 amount = refund->refund.amountMinor;
    return context.succeed({{"ok", true}, {"order", order.value()}, {"amount_minor", amount},
                            {"refunded_now", refund->money == ManagerRefund::Money::RefundedNow}},
                           QStringLiteral("Order %1 refunded (%2 minor units); what it returned is back on sale.%3")
                               .arg(order.value())
                               .arg(amount)
                               .arg(refund->money == ManagerRefund::Money::AtCounter
                                        ? QStringLiteral(" Hand the money back at the counter.")
                                    : refund->money == ManagerRefund::Money::RefundedNow
                                        ? QStringLiteral(" The provider has refunded the card.")
                                        : QStringLiteral(" The card is refunded when the payment provider "
                                                         "answers (reconcile carries it out).")));
}

namespace {

// One pass of the worker: reconcile (when a provider is configured), then issue the tickets and queue
// the mail of every paid order waiting in the outbox.
struct WorkerPass
{
    ReconcileCounts counts;
    bool reconciled = false;
    int issued = 0;
    MailDeliveryFigures mail;
    QString failure;
};

// The mail part of a pass: only with a relay configured, after the tickets (so their mail goes in the
// same pass).
struct MailSending
{
    std::unique_ptr<PgMailSpool> spool;
    std::unique_ptr<SmtpTransport> transport;
    std::unique_ptr<MailDelivery> delivery;
};

QString mailText(const MailDeliveryFigures &mail)
{
    return QStringLiteral("Mail: %1 sent, %2 to try again, %3 given up.").arg(mail.sent).arg(mail.retried).arg(mail.givenUp);
}

QJsonObject mailJson(const MailDeliveryFigures &mail)
{
    return {{"sent", mail.sent}, {"retried", mail.retried}, {"given_up", mail.givenUp}};
}

// `provider` null: no reconciling this pass (none configured, or its round is not due). `issuer` null: the
// outbox goes through RabbitMQ (AmqpWorker), not polled here.
WorkerPass workOnce(PgCheckoutStore &store, PgTicketIssuer *issuer, PaymentProvider *provider, MailSending *mail)
{
    WorkerPass pass;
    if (provider) {
        auto counts = Reconciler(store, *provider).run();
        if (!counts)
            pass.failure = counts.error().message;
        else {
            pass.counts = counts.value();
            pass.reconciled = true;
        }
    }
    while (issuer) {
        auto issued = issuer->issueNextConfirmed(orderPdf);
        if (!issued) {
            if (issued.error().code != ErrorCode::NotFound)
                pass.failure = issued.error().message;
            break;
        }
        ++pass.issued;
    }
    // The mail goes whatever else failed: a provider that cannot be reached holds up no confirmation.
    if (mail) {
        auto delivered = mail->delivery->deliverDue();
        if (!delivered)
            pass.failure += (pass.failure.isEmpty() ? QString() : QStringLiteral("; ")) + delivered.error().message;
        else
            pass.mail = delivered.value();
    }
    return pass;
}

} // namespace

// Sleeps until the next round, or until the database says there is new work (migration 046's
// triggers notify "boxoffice_worker" when an outbox event or a mail is inserted). Without the
// notification (it failed to subscribe) the worker still polls every interval.
class WorkerWakeUp : public QObject
{
public:
    explicit WorkerWakeUp(QSqlDatabase database) : m_database(std::move(database))
    {
        QSqlDriver *driver = m_database.driver();
        if (driver && driver->subscribeToNotification(QStringLiteral("boxoffice_worker")))
            connect(driver, &QSqlDriver::notification, this, [this] { m_loop.quit(); });
        m_round.setSingleShot(true);
        connect(&m_round, &QTimer::timeout, &m_loop, &QEventLoop::quit);
    }
    ~WorkerWakeUp() override
    {
        if (QSqlDriver *driver = m_database.driver())
            driver->unsubscribeFromNotification(QStringLiteral("boxoffice_worker"));
    }
    void waitAtMost(int seconds)
    {
        m_round.start(std::chrono::seconds(seconds));
        m_loop.exec();
        m_round.stop();
    }

private:
    QSqlDatabase m_database;
    QEventLoop m_loop;
    QTimer m_round;
};

int runWorker(CtlContext &context)
{
    auto provider = openProvider(context);
    // Not configured: the worker issues tickets and sends mail without reconciling. Configured wrongly
    // (a settings file others can read, a bad url): stop and say so.
    if (!provider && provider.error().code != ErrorCode::NotFound)
        return context.fail(provider.error());
    const bool once = context.parser().isSet(QStringLiteral("once"));
    // --amqp URL (or BOXOFFICE_AMQP_URL): the outbox goes through RabbitMQ on threads of its own
    // (amqpworker.h) and the loop below only reconciles and sends mail. Without it, nothing changes.
    auto amqp = configuredBroker(context);
    if (!amqp)
        return context.fail(amqp.error());
    int interval = 30;
    if (context.parser().isSet(QStringLiteral("interval"))) {
        auto parsed = context.requireNumber(QStringLiteral("interval"), 1);
        if (!parsed)
            return context.fail(parsed.error());
        interval = parsed.value();
    }
    auto session = context.openInventory();
    if (!session)
        return context.fail(session.error());
    PgCheckoutStore store(session->connection->database(), session->inventory->carts);
    PgCounterSales tickets(session->connection->database(), session->inventory->carts);
    PgTicketIssuer issuer(session->connection->database(), tickets);
    std::unique_ptr<AmqpWorker> amqpWorker;
    if (amqp.value())
        amqpWorker = std::make_unique<AmqpWorker>(*amqp.value(), session->connection->settings(), orderPdf);
    PgTicketIssuer *polled = amqpWorker ? nullptr : &issuer;
    PaymentProvider *online = provider ? provider.value().get() : nullptr;
    if (!online && !context.json())
        TerminalProgress::note(QStringLiteral("No payment provider configured (--settings): only issuing tickets."));
    const SmtpSettings smtp = SmtpSettings::fromEnvironment(context.parser().value(QStringLiteral("smtp")),
                                                            context.parser().value(QStringLiteral("mail-from")));
    MailSending mail;
    if (!smtp.url.isEmpty()) {
        if (auto checked = smtp.check(); !checked)
            return context.fail(checked.error());
        mail.spool = std::make_unique<PgMailSpool>(session->connection->database());
        mail.transport = std::make_unique<SmtpTransport>(smtp);
        mail.delivery = std::make_unique<MailDelivery>(*mail.spool, *mail.transport, MailDelivery::Options{smtp.from});
    } else if (!context.json()) {
        TerminalProgress::note(QStringLiteral("No mail relay configured (--smtp): mail stays spooled."));
    }
    MailSending *sending = mail.delivery ? &mail : nullptr;
    if (once) {
        // RabbitMQ first, so the mail of what it issues goes out in this same pass.
        const auto relayed = amqpWorker ? amqpWorker->runOnce() : Result<AmqpPassFigures>(AmqpPassFigures{});
        WorkerPass pass = workOnce(store, polled, online, sending);
        if (!relayed)
            pass.failure += (pass.failure.isEmpty() ? QString() : QStringLiteral("; ")) + relayed.error().message;
        else
            pass.issued += relayed->issued;
        if (!pass.failure.isEmpty())
            return context.fail(makeError(ErrorCode::Internal, pass.failure));
        return context.succeed({{"ok", true}, {"reconciled", pass.reconciled}, {"repaired", countsJson(pass.counts)},
                                {"orders_issued", pass.issued}, {"mail", mailJson(pass.mail)}},
                               (pass.reconciled ? countsText(pass.counts) + QLatin1Char(' ') : QString())
                                   + QStringLiteral("Tickets issued and mail queued for %1 paid order(s).").arg(pass.issued)
                                   + (sending ? QLatin1Char(' ') + mailText(pass.mail) : QString()));
    }
    TerminalProgress::note(QStringLiteral("Worker: every %1 s, and at once when a payment is confirmed or a mail is "
                                          "queued (Ctrl+C stops).")
                               .arg(interval));
    if (amqpWorker) {
        amqpWorker->start();
        TerminalProgress::note(QStringLiteral("Tickets: through RabbitMQ at %1 (outbox relay and ticket issuer).")
                                   .arg(amqp.value()->url.redacted()));
    }
    WorkerWakeUp wakeUp(session->connection->database());
    PgAccountStore accounts(session->connection->database());
    // Woken by new work, the worker issues and sends at once, but asks the provider for its list of
    // charges only once a round: a rush of payments must not become a rush of reconciliations.
    QElapsedTimer sinceReconcile;
    for (;;) {
        const bool reconcileDue = !sinceReconcile.isValid() || sinceReconcile.hasExpired(qint64(interval) * 1000);
        if (reconcileDue) {
            sinceReconcile.start();
            // Once a round as well: ended sign-in sessions and mailed links, kept a day, then deleted.
            if (auto purged = accounts.purgeExpired(); !purged)
                TerminalProgress::note(QStringLiteral("Could not delete ended sessions: %1").arg(purged.error().message));
        }
        const WorkerPass pass = workOnce(store, polled, reconcileDue ? online : nullptr, sending);
        if (!pass.failure.isEmpty())
            TerminalProgress::note(QStringLiteral("Worker pass failed: %1").arg(pass.failure));
        else if (pass.counts.total() > 0 || pass.counts.stillUnknown > 0 || pass.issued > 0)
            TerminalProgress::note(countsText(pass.counts)
                                   + QStringLiteral(" Tickets issued for %1 order(s).").arg(pass.issued));
        if (pass.mail.sent + pass.mail.retried + pass.mail.givenUp > 0)
            TerminalProgress::note(mailText(pass.mail));
        wakeUp.waitAtMost(interval);
    }
}

} // namespace boxoffice::ctl
