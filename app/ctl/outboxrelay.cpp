#include "outboxrelay.h"

#include "outboxmessage.h"

#include "amqp/amqplogging.h"
#include "amqp/amqppublisher.h"
#include "amqp/amqpqueueprobe.h"
#include "amqp/amqptopology.h"

namespace boxoffice {

Result<OutboxRelayFigures> OutboxRelay::run(AmqpPublisher &publisher, AmqpQueueProbe &probe)
{
    OutboxRelayFigures figures;
    if (!m_relaying) {
        auto taken = m_store.takeRelayLock();
        if (!taken)
            return taken.error();
        if (!taken.value()) {
            if (!m_saidStandingBy)
                qCInfo(lcAmqp) << "outbox relay: another worker relays the outbox; this one stands by";
            m_saidStandingBy = true;
            figures.standingBy = true;
            return figures;
        }
        m_relaying = true;
        qCInfo(lcAmqp) << "outbox relay: this worker relays the outbox to RabbitMQ";
    }
    if (auto done = relayDue(publisher, figures); !done)
        return done.error();
    if (auto done = republishLost(publisher, probe, figures); !done)
        return done.error();
    return figures;
}

Status OutboxRelay::relayDue(AmqpPublisher &publisher, OutboxRelayFigures &figures)
{
    for (;;) {
        auto due = m_store.unpublished(m_options.batch);
        if (!due)
            return due.error();
        if (due->isEmpty())
            return Done{};
        auto confirmed = publish(due.value(), publisher, figures);
        if (!confirmed)
            return confirmed.error();
        // A short batch was everything; a batch the broker did not take whole is tried next round.
        if (due->size() < m_options.batch || confirmed.value() < due->size())
            return Done{};
    }
}

Status OutboxRelay::republishLost(AmqpPublisher &publisher, AmqpQueueProbe &probe, OutboxRelayFigures &figures)
{
    // Looking for lost messages costs a statement and, when there are any, a passive declare: not
    // every round.
    const int staleLookEveryMs = 1000 * qBound(1, m_options.republishAfterSeconds / 4, 30);
    if (m_sinceStaleLook.isValid() && !m_sinceStaleLook.hasExpired(staleLookEveryMs))
        return Done{};
    m_sinceStaleLook.start();
    auto stale = m_store.stale(m_options.republishAfterSeconds, m_options.batch);
    if (!stale)
        return stale.error();
    if (stale->isEmpty())
        return Done{};
    // While the queue still holds messages the old ones are most likely among them, only slow: sending
    // them again would only double the backlog. An idle queue means they are gone (or stuck unacked at
    // a consumer, where a duplicate is harmless).
    auto idle = queueIsIdle(probe);
    if (!idle)
        return idle.error();
    if (!idle.value())
        return Done{};
    qCWarning(lcAmqp).noquote()
        << QStringLiteral("outbox relay: %1 event(s) confirmed by RabbitMQ over %2 s ago are still not processed and "
                          "the queue is empty: publishing them again (first: outbox event %3).")
               .arg(stale->size())
               .arg(m_options.republishAfterSeconds)
               .arg(stale->first().id);
    auto confirmed = publish(stale.value(), publisher, figures);
    if (!confirmed)
        return confirmed.error();
    figures.republished += confirmed.value();
    return Done{};
}

Result<int> OutboxRelay::publish(const QVector<OutboxEvent> &events, AmqpPublisher &publisher,
                                 OutboxRelayFigures &figures)
{
    QVector<AmqpOutgoing> batch;
    batch.reserve(events.size());
    for (const OutboxEvent &event : events)
        batch << OutboxMessage::encode(event);
    const AmqpPublishOutcome outcome = publisher.publish(batch, m_options.confirmTimeoutMs);
    QVector<qint64> confirmed;
    confirmed.reserve(outcome.confirmed.size());
    for (int position : outcome.confirmed)
        confirmed << events.at(position).id;
    // The confirmed part is marked even when the rest failed: it is in the broker for sure.
    auto marked = m_store.markPublished(confirmed, m_options.republishAfterSeconds);
    if (!marked)
        return marked.error();
    figures.published += confirmed.size();
    figures.unconfirmed += events.size() - confirmed.size();
    if ((outcome.nacked > 0 || outcome.returned > 0)
        && (!m_sinceUnconfirmedWarning.isValid() || m_sinceUnconfirmedWarning.hasExpired(60000))) {
        m_sinceUnconfirmedWarning.start();
        qCWarning(lcAmqp).noquote()
            << QStringLiteral("outbox relay: RabbitMQ refused %1 and returned %2 of %3 event(s) (returned: no queue is "
                              "bound to %4 for their topic); they stay in the outbox and are tried again.")
                   .arg(outcome.nacked)
                   .arg(outcome.returned)
                   .arg(events.size())
                   .arg(QLatin1String(TicketQueue::exchange));
    }
    if (outcome.failure)
        return outcome.failure.value();
    return int(confirmed.size());
}

Result<bool> OutboxRelay::queueIsIdle(AmqpQueueProbe &probe)
{
    auto counts = probe.counts(TicketQueue::queue);
    if (!counts) {
        // Not declared (someone deleted it): the next connection declares it again.
        if (counts.error().code == ErrorCode::NotFound)
            return true;
        return counts.error();
    }
    return counts->messages == 0;
}

} // namespace boxoffice
