#include "amqp/amqperrors.h"

namespace boxoffice {

namespace {

QString bytesText(amqp_bytes_t bytes)
{
    return QString::fromUtf8(static_cast<const char *>(bytes.bytes), int(bytes.len));
}

ErrorCode codeForReply(int replyCode)
{
    switch (replyCode) {
    case AMQP_ACCESS_REFUSED:
    case AMQP_NOT_ALLOWED: // an unknown vhost, or one the user may not use
        return ErrorCode::PermissionDenied;
    case AMQP_NOT_FOUND:
        return ErrorCode::NotFound;
    case AMQP_PRECONDITION_FAILED:
    case AMQP_RESOURCE_LOCKED:
        return ErrorCode::Conflict;
    case AMQP_CONNECTION_FORCED: // the broker shutting down, or an operator closing us
    case AMQP_RESOURCE_ERROR:
        return ErrorCode::Unavailable;
    default:
        return ErrorCode::Internal;
    }
}

} // namespace

DomainError amqpStatusError(int status, const QString &context)
{
    DomainError error = makeError(ErrorCode::Unavailable,
                                  QStringLiteral("RabbitMQ could not be used while %1: %2.")
                                      .arg(context, QString::fromUtf8(amqp_error_string2(status))));
    error.detail = QStringLiteral("rabbitmq-c status %1").arg(status);
    return error;
}

DomainError amqpCloseError(amqp_method_number_t method, const void *decoded, const QString &context)
{
    int code = 0;
    QString text;
    if (method == AMQP_CONNECTION_CLOSE_METHOD) {
        const auto *close = static_cast<const amqp_connection_close_t *>(decoded);
        code = close->reply_code;
        text = bytesText(close->reply_text);
    } else if (method == AMQP_CHANNEL_CLOSE_METHOD) {
        const auto *close = static_cast<const amqp_channel_close_t *>(decoded);
        code = close->reply_code;
        text = bytesText(close->reply_text);
    }
    // One arg() call: the context names the broker's URL, whose "%2F" a second call would fill in.
    while (text.endsWith(QLatin1Char('.')))
        text.chop(1);
    DomainError error = makeError(codeForReply(code),
                                  QStringLiteral("RabbitMQ closed the channel or connection while "
                                                 "%1: %2 %3.")
                                      .arg(context, QString::number(code), text));
    error.detail = QStringLiteral("AMQP %1 %2")
                       .arg(method == AMQP_CONNECTION_CLOSE_METHOD ? QLatin1String("connection.close")
                                                                   : QLatin1String("channel.close"))
                       .arg(code);
    return error;
}

DomainError amqpReplyError(const amqp_rpc_reply_t &reply, const QString &context)
{
    switch (reply.reply_type) {
    case AMQP_RESPONSE_NORMAL:
        break;
    case AMQP_RESPONSE_NONE:
        return makeError(ErrorCode::Internal, QStringLiteral("RabbitMQ gave no reply while %1.").arg(context));
    case AMQP_RESPONSE_LIBRARY_EXCEPTION:
        return amqpStatusError(reply.library_error, context);
    case AMQP_RESPONSE_SERVER_EXCEPTION:
        return amqpCloseError(reply.reply.id, reply.reply.decoded, context);
    }
    return makeError(ErrorCode::Internal, QStringLiteral("RabbitMQ's reply while %1 was not understood.").arg(context));
}

} // namespace boxoffice
