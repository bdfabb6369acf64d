#include "outboxmessage.h"

#include "amqp/amqptopology.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace boxoffice::OutboxMessage {

AmqpOutgoing encode(const OutboxEvent &event)
{
    AmqpOutgoing message;
    message.exchange = TicketQueue::exchange;
    message.routingKey = event.topic.toUtf8();
    message.messageId = QByteArray::number(event.id);
    message.body = QJsonDocument(QJsonObject{{QStringLiteral("outbox_id"), event.id},
                                             {QStringLiteral("order"), event.order},
                                             {QStringLiteral("topic"), event.topic}})
                       .toJson(QJsonDocument::Compact);
    return message;
}

Result<OutboxEvent> decode(const AmqpDelivery &delivery)
{
    const auto unreadable = [&delivery](const QString &why) {
        return makeError(ErrorCode::BadInput,
                         QStringLiteral("Message %1 is not an outbox event: %2.")
                             .arg(QString::fromUtf8(delivery.messageId.left(64)), why));
    };
    QJsonParseError parsed;
    const QJsonDocument document = QJsonDocument::fromJson(delivery.body, &parsed);
    if (parsed.error != QJsonParseError::NoError || !document.isObject())
        return unreadable(QStringLiteral("its body is not a JSON object"));
    const QJsonObject object = document.object();
    OutboxEvent event;
    // toInteger: a JSON number holds an id exactly up to 2^53, far beyond any outbox.
    event.id = object.value(QLatin1String("outbox_id")).toInteger(0);
    event.order = object.value(QLatin1String("order")).toInteger(0);
    event.topic = object.value(QLatin1String("topic")).toString();
    if (event.id <= 0 || event.order <= 0 || event.topic.isEmpty())
        return unreadable(QStringLiteral("it lacks a positive outbox_id, a positive order or a topic"));
    if (!delivery.messageId.isEmpty() && delivery.messageId != QByteArray::number(event.id))
        return unreadable(QStringLiteral("its message id names another event"));
    return event;
}

} // namespace boxoffice::OutboxMessage
