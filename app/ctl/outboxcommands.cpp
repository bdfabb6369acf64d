// outbox: what the outbox still holds and, with RabbitMQ configured, what the broker's queues hold.

#include "commands.h"
#include "config/servicesettings.h"

#include "amqpworkeroptions.h"

#include "amqp/amqpconnection.h"
#include "amqp/amqpqueueprobe.h"
#include "amqp/amqptopology.h"
#include "storage/pgoutboxbacklog.h"

#include <QJsonObject>
#include <QTextStream>

namespace boxoffice::ctl {

namespace {

// A queue's counts by passive declare; null in the JSON (and "not declared yet") when it does not
// exist, which is the case until a worker with --amqp first connected.
Result<QJsonValue> queueJson(AmqpQueueProbe &probe, const char *queue, QStringList &lines)
{
    auto counts = probe.counts(queue);
    if (!counts) {
        if (counts.error().code != ErrorCode::NotFound)
            return counts.error();
        lines << QStringLiteral("  %1: not declared yet").arg(QLatin1String(queue));
        return QJsonValue();
    }
    lines << QStringLiteral("  %1: %2 message(s) ready, %3 consumer(s)")
                 .arg(QLatin1String(queue))
                 .arg(counts->messages)
                 .arg(counts->consumers);
    return QJsonValue(
        QJsonObject{{QStringLiteral("messages"), counts->messages}, {QStringLiteral("consumers"), counts->consumers}});
}

} // namespace

Result<std::optional<AmqpWorkerOptions>> configuredBroker(const CtlContext &context)
{
    const Result<ServiceSettings> services = ServiceSettings::load(context.parser().value(QStringLiteral("settings")));
    if (!services)
        return services.error();
    return AmqpWorkerOptions::resolve(context.parser().value(QStringLiteral("amqp")),
                                      services->amqpUrl.toString(QUrl::FullyEncoded));
}

int runOutbox(CtlContext &context)
{
    auto amqp = configuredBroker(context);
    if (!amqp)
        return context.fail(amqp.error());
    auto connection = context.connect();
    if (!connection)
        return context.fail(connection.error());
    auto backlog = PgOutboxBacklog(connection.value()->database()).read();
    if (!backlog)
        return context.fail(backlog.error());
    QJsonObject json{{QStringLiteral("ok"), true},
                     {QStringLiteral("unpublished"), backlog->unpublished},
                     {QStringLiteral("unprocessed"), backlog->unprocessed},
                     {QStringLiteral("oldest_unprocessed_seconds"), backlog->oldestUnprocessedSeconds}};
    QStringList lines;
    const QString oldest = backlog->unprocessed > 0
        ? QStringLiteral(" (the oldest for %1 s)").arg(qint64(backlog->oldestUnprocessedSeconds))
        : QString();
    // Without a broker nothing is ever published: counting those would only alarm the reader.
    if (amqp.value())
        lines << QStringLiteral("Outbox: %1 event(s) not yet confirmed by the broker, %2 not yet processed%3.")
                     .arg(backlog->unpublished)
                     .arg(backlog->unprocessed)
                     .arg(oldest);
    else
        lines << QStringLiteral("Outbox: %1 event(s) waiting for their tickets%2 (no broker configured: the "
                                "worker takes them from the database).")
                     .arg(backlog->unprocessed)
                     .arg(oldest);
    if (!amqp.value())
        return context.succeed(json, lines.join(QLatin1Char('\n')));

    const AmqpUrl &url = amqp.value()->url;
    json.insert(QStringLiteral("broker"), url.redacted());
    const auto brokerFailed = [&](const DomainError &error) {
        if (!context.json())
            QTextStream(stdout) << lines.join(QLatin1Char('\n')) << '\n';
        json.remove(QStringLiteral("ok"));
        return context.fail(error, json);
    };
    auto broker = AmqpConnection::open(url, QStringLiteral("boxoffice-ctl outbox"));
    if (!broker)
        return brokerFailed(broker.error());
    AmqpQueueProbe probe(*broker.value());
    lines << QStringLiteral("RabbitMQ at %1:").arg(url.redacted());
    auto tickets = queueJson(probe, TicketQueue::queue, lines);
    if (!tickets)
        return brokerFailed(tickets.error());
    auto dead = queueJson(probe, TicketQueue::deadQueue, lines);
    if (!dead)
        return brokerFailed(dead.error());
    json.insert(QStringLiteral("queues"),
                QJsonObject{{QLatin1String(TicketQueue::queue), tickets.value()},
                            {QLatin1String(TicketQueue::deadQueue), dead.value()}});
    return context.succeed(json, lines.join(QLatin1Char('\n')));
}

} // namespace boxoffice::ctl
