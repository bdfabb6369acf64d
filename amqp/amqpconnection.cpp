#include "amqp/amqpconnection.h"

#include "amqp/amqperrors.h"
#include "amqp/amqpframes.h"
#include "amqp/amqplogging.h"

#include <amqp_tcp_socket.h>

namespace boxoffice {

AmqpConnection::AmqpConnection(amqp_connection_state_t_ *state, AmqpUrl url) : m_state(state), m_url(std::move(url)) { }

AmqpConnection::~AmqpConnection()
{
    // A clean close tells the broker to requeue what we hold at once; a broken connection has nobody to
    // tell (and closing it politely would wait for a broker that is gone).
    if (m_loggedIn && !m_broken) {
        amqp_channel_close(m_state, channel, AMQP_REPLY_SUCCESS);
        amqp_connection_close(m_state, AMQP_REPLY_SUCCESS);
    }
    amqp_destroy_connection(m_state);
}

Result<std::unique_ptr<AmqpConnection>> AmqpConnection::open(const AmqpUrl &url, const QString &name)
{
    amqp_connection_state_t state = amqp_new_connection();
    if (!state)
        return makeError(ErrorCode::Internal, QStringLiteral("No memory for a RabbitMQ connection."));
    std::unique_ptr<AmqpConnection> connection(new AmqpConnection(state, url));
    const QString where = url.redacted();

    amqp_socket_t *socket = amqp_tcp_socket_new(state);
    if (!socket)
        return connection->fail(makeError(ErrorCode::Internal, QStringLiteral("No socket for RabbitMQ.")));
    const struct timeval timeout = toTimeval(url.timeoutMs);
    const QByteArray host = url.host.toUtf8();
    if (const int status = amqp_socket_open_noblock(socket, host.constData(), url.port, &timeout);
        status != AMQP_STATUS_OK) {
        DomainError error = amqpStatusError(status, QStringLiteral("connecting to %1").arg(where));
        // rabbitmq-c says "a socket error occurred" for a refused connection: say what it means.
        if (status == AMQP_STATUS_SOCKET_ERROR)
            error.message
                = QStringLiteral("Nothing accepts connections at %1:%2.").arg(url.host, QString::number(url.port));
        return connection->fail(error);
    }
    amqp_set_handshake_timeout(state, &timeout);
    // Every synchronous method (declare, qos, consume, close) is bounded too: a broker that accepts the
    // connection and then answers nothing must not hang the worker.
    amqp_set_rpc_timeout(state, &timeout);

    const QByteArray connectionName = name.toUtf8();
    amqp_table_entry_t entry;
    entry.key = amqp_cstring_bytes("connection_name");
    entry.value.kind = AMQP_FIELD_KIND_UTF8;
    entry.value.value.bytes = bytesOf(connectionName);
    const amqp_table_t properties{1, &entry};
    const QByteArray vhost = url.vhost.toUtf8();
    const QByteArray user = url.user.toUtf8();
    const QByteArray password = url.password.toUtf8();
    const amqp_rpc_reply_t login = amqp_login_with_properties(
        state, vhost.constData(), AMQP_DEFAULT_MAX_CHANNELS, AMQP_DEFAULT_FRAME_SIZE, url.heartbeatSeconds, &properties,
        AMQP_SASL_METHOD_PLAIN, user.constData(), password.constData());
    if (login.reply_type != AMQP_RESPONSE_NORMAL) {
        DomainError error = amqpReplyError(login, QStringLiteral("signing in to %1").arg(where));
        if (login.reply_type == AMQP_RESPONSE_SERVER_EXCEPTION)
            error.message += QStringLiteral(" Check the user, the password and the vhost.");
        return connection->fail(error);
    }
    connection->m_loggedIn = true;
    amqp_channel_open(state, channel);
    if (auto opened = checkReply(*connection, QStringLiteral("opening a channel on %1").arg(where)); !opened)
        return opened.error();
    return connection;
}

DomainError AmqpConnection::fail(DomainError error)
{
    if (!m_broken)
        qCDebug(lcAmqp).noquote() << "connection to" << m_url.redacted() << "given up:" << error.message;
    m_broken = true;
    return error;
}

Status AmqpConnection::keepAlive()
{
    if (m_broken)
        return makeError(ErrorCode::Unavailable, QStringLiteral("The RabbitMQ connection is closed."));
    const struct timeval now = toTimeval(0);
    for (;;) {
        amqp_frame_t frame;
        const int status = amqp_simple_wait_frame_noblock(m_state, &frame, &now);
        if (status == AMQP_STATUS_TIMEOUT)
            return Done{};
        if (status != AMQP_STATUS_OK)
            return fail(amqpStatusError(status, QStringLiteral("waiting on %1").arg(m_url.redacted())));
        if (auto handled = strayFrame(*this, frame, QStringLiteral("waiting on %1").arg(m_url.redacted())); !handled)
            return handled;
    }
}

} // namespace boxoffice
