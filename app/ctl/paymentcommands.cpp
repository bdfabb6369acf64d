// checkout, reconcile and worker: the online checkout saga from the command line, and the job that
// finishes what crashed or timed-out checkouts left behind.

#include "amqpworker.h"
#include "commands.h"
#include "terminalprogress.h"
#include "workerpass.h"
#include "workerservice.h"

#include "config/servicesettings.h"
#include "domain/checkoutsaga.h"
#include "domain/jsonvocabulary.h"
#include "domain/maildelivery.h"
#include "domain/reconciler.h"
#include "domain/refundservice.h"
#include "mail/smtptransport.h"
#include "payments/httppaymentprovider.h"
#include "storage/pgaccountstore.h"
#include "storage/pgcheckoutstore.h"
#include "storage/pginventory.h"
#include "storage/pgmailspool.h"
#include "storage/pgticketissuer.h"
#include "tickets/ticketpdfwriter.h"

#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QHostAddress>
#include <QJsonArray>
#include <QSettings>
#include <QSqlDriver>
#include <QTextStream>
#include <QThread>
#include <QTimer>

#include <memory>

namespace boxoffice::ctl {

namespace {

// --metrics PORT (on loopback) or ADDRESS:PORT.
Result<std::pair<QHostAddress, quint16>> metricsAddress(const QString &text)
{
    const int colon = text.lastIndexOf(QLatin1Char(':'));
    const QString host
        = colon < 0 ? QStringLiteral("127.0.0.1") : text.left(colon).remove(QLatin1Char('[')).remove(QLatin1Char(']'));
    bool ok = false;
    const uint port = text.mid(colon + 1).toUInt(&ok);
    const QHostAddress address(host);
    if (!ok || port > 65535 || address.isNull())
        return makeError(
            ErrorCode::BadInput,
            QStringLiteral("--metrics takes PORT or ADDRESS:PORT (e.g. 127.0.0.1:9187), not \"%1\".").arg(text));
    return std::make_pair(address, quint16(port));
}

// The provider to charge, from the settings file (--settings, else the default places) and the
// environment; never from the command line, where every user of the machine could read its key.
Result<std::unique_ptr<HttpPaymentProvider>> openProvider(const CtlContext &context)
{
    const Result<ServiceSettings> settings = ServiceSettings::load(context.parser().value(QStringLiteral("settings")));
    if (!settings)
        return settings.error();
    if (!settings->hasProvider())
        return makeError(
            ErrorCode::NotFound,
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
        text += QStringLiteral(
            " The provider's answer is not known yet; the seats stay held and reconcile will decide.");
    if (!refunded.isEmpty())
        text += QStringLiteral(" Refunded, could not be delivered: %1.").arg(refunded.size());
    const int exit = context.succeed({{QStringLiteral("ok"), outcome->state == CheckoutOutcome::State::Paid},
                                      {QStringLiteral("order"), outcome->order},
                                      {QStringLiteral("state"), state},
                                      {QStringLiteral("sold"), sold},
                                      {QStringLiteral("refunded"), refunded},
                                      {QStringLiteral("refund_due"), outcome->settlement.refundDue.minor()},
                                      {QStringLiteral("currency"), outcome->payment.amount.currency()}},
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
            json.append(QJsonObject{{QStringLiteral("day"), jsonDate(day.day)},
                                    {QStringLiteral("kind"), day.kind},
                                    {QStringLiteral("repaired"), day.repaired}});
            lines << QStringLiteral("%1  %2  %3")
                         .arg(day.day.toString(Qt::ISODate), day.kind.leftJustified(10))
                         .arg(day.repaired);
        }
        return context.succeed({{QStringLiteral("ok"), true}, {QStringLiteral("repairs"), json}},
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
    return context.succeed({{QStringLiteral("ok"), true}, {QStringLiteral("repaired"), countsJson(counts.value())}},
                           countsText(counts.value()));
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
    const qint64 amount = refund->refund.amount.minor();
    return context.succeed({{QStringLiteral("ok"), true},
                            {QStringLiteral("order"), order.value()},
                            {QStringLiteral("amount"), amount},
                            {QStringLiteral("refunded_now"), refund->money == ManagerRefund::Money::RefundedNow}},
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
    PaymentProvider *online = provider ? provider.value().get() : nullptr;
    if (!online && !context.json())
        TerminalProgress::note(QStringLiteral("No payment provider configured (--settings): only issuing tickets."));
    const SmtpSettings smtp = SmtpSettings::fromEnvironment(context.parser().value(QStringLiteral("smtp")),
                                                            context.parser().value(QStringLiteral("mail-from")));
    if (!smtp.url.isEmpty()) {
        if (auto checked = smtp.check(); !checked)
            return context.fail(checked.error());
    } else if (!context.json()) {
        TerminalProgress::note(QStringLiteral("No mail relay configured (--smtp): mail stays spooled."));
    }
    std::optional<std::pair<QHostAddress, quint16>> metrics;
    if (context.parser().isSet(QStringLiteral("metrics"))) {
        if (once)
            return context.failUsage(QStringLiteral("--metrics is for the running worker, not --once."));
        auto listen = metricsAddress(context.parser().value(QStringLiteral("metrics")));
        if (!listen)
            return context.failUsage(listen.error().message);
        metrics = listen.value();
    }
    // Connecting once here checks the schema and fails fast on a wrong address or password.
    auto session = context.openInventory();
    if (!session)
        return context.fail(session.error());
    const ConnectionSettings database = session->connection->settings();
    std::unique_ptr<AmqpWorker> amqpWorker;
    if (amqp.value())
        amqpWorker = std::make_unique<AmqpWorker>(*amqp.value(), database, orderPdf);
    if (!once) {
        // The service keeps connections of its own and rebuilds them when the database goes away.
        session = InventorySession{};
        WorkerServiceOptions service;
        service.database = database;
        service.intervalSeconds = interval;
        service.provider = online;
        if (!smtp.url.isEmpty())
            service.smtp = smtp;
        service.pollOutbox = !amqpWorker;
        if (metrics)
            std::tie(service.metricsAddress, service.metricsPort) = *metrics;
        TerminalProgress::note(QStringLiteral("Worker: every %1 s, and at once when a payment is confirmed or a mail "
                                              "is queued (Ctrl+C stops).")
                                   .arg(interval));
        if (amqpWorker) {
            amqpWorker->start();
            TerminalProgress::note(QStringLiteral("Tickets: through RabbitMQ at %1 (outbox relay and ticket issuer).")
                                       .arg(amqp.value()->url.redacted()));
        }
        return runWorkerService(service);
    }

    PgCheckoutStore store(session->connection->database(), session->inventory->carts);
    PgCounterSales tickets(session->connection->database(), session->inventory->carts);
    PgTicketIssuer issuer(session->connection->database(), tickets);
    PgTicketIssuer *polled = amqpWorker ? nullptr : &issuer;
    MailSending mail;
    if (!smtp.url.isEmpty()) {
        mail.spool = std::make_unique<PgMailSpool>(session->connection->database());
        mail.transport = std::make_unique<SmtpTransport>(smtp);
        mail.delivery = std::make_unique<MailDelivery>(*mail.spool, *mail.transport, MailDelivery::Options{smtp.from});
    }
    MailSending *sending = mail.delivery ? &mail : nullptr;
    // RabbitMQ first, so the mail of what it issues goes out in this same pass.
    const auto relayed = amqpWorker ? amqpWorker->runOnce() : Result<AmqpPassFigures>(AmqpPassFigures{});
    WorkerPass pass = workOnce(store, polled, online, sending);
    if (!relayed)
        pass.failure += (pass.failure.isEmpty() ? QString() : QStringLiteral("; ")) + relayed.error().message;
    else
        pass.issued += relayed->issued;
    if (!pass.failure.isEmpty())
        return context.fail(makeError(ErrorCode::Internal, pass.failure));
    return context.succeed({{QStringLiteral("ok"), true},
                            {QStringLiteral("reconciled"), pass.reconciled},
                            {QStringLiteral("repaired"), countsJson(pass.counts)},
                            {QStringLiteral("orders_issued"), pass.issued},
                            {QStringLiteral("mail"), mailJson(pass.mail)}},
                           (pass.reconciled ? countsText(pass.counts) + QLatin1Char(' ') : QString())
                               + QStringLiteral("Tickets issued and mail queued for %1 paid order(s).").arg(pass.issued)
                               + (sending ? QLatin1Char(' ') + mailText(pass.mail) : QString()));
}

} // namespace boxoffice::ctl
