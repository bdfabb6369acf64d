#pragma once

// Inside the amqp library only: what every user of a connection does with rabbitmq-c's replies.

#include "amqp/amqpconnection.h"

#include <amqp.h>

namespace boxoffice {

// The reply to the synchronous method just sent on `connection`. A failure on channel 1 or the
// connection breaks the connection; the broker closing another channel (a passive declare of a queue
// that does not exist) is answered with close-ok and leaves the connection usable.
Status checkReply(AmqpConnection &connection, const QString &context);

// A frame that arrived while the caller waited for something else. The broker closing the connection
// or channel 1, or cancelling our consumer, breaks the connection (an error); anything else is
// ignored (Done).
Status strayFrame(AmqpConnection &connection, const amqp_frame_t &frame, const QString &context);

struct timeval toTimeval(int ms);

inline amqp_bytes_t bytesOf(const QByteArray &data)
{
    return amqp_bytes_t{size_t(data.size()), const_cast<char *>(data.constData())};
}

inline QByteArray toByteArray(amqp_bytes_t bytes)
{
    return QByteArray(static_cast<const char *>(bytes.bytes), qsizetype(bytes.len));
}

} // namespace boxoffice
