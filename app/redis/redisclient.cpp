#include "app/redis/redisclient.h"

#include "app/redis/redislogging.h"

#include <hiredis/hiredis.h>

#include <QMutexLocker>

#include <chrono>
#include <csignal>
#include <mutex>

#include <poll.h>

namespace boxoffice::redis {

namespace {

timeval toTimeval(int ms)
{
    timeval tv{};
    tv.tv_sec = ms / 1000;
    tv.tv_usec = (ms % 1000) * 1000;
    return tv;
}

RedisValue copyReply(const redisReply *reply)
{
    RedisValue value;
    switch (reply->type) {
    case REDIS_REPLY_INTEGER:
        value.type = RedisValue::Type::Integer;
        value.integer = reply->integer;
        break;
    case REDIS_REPLY_STRING:
    case REDIS_REPLY_STATUS:
    case REDIS_REPLY_ERROR:
        value.type = reply->type == REDIS_REPLY_STRING ? RedisValue::Type::String
            : reply->type == REDIS_REPLY_STATUS        ? RedisValue::Type::Status
                                                       : RedisValue::Type::Error;
        value.text = QByteArray(reply->str, qsizetype(reply->len));
        break;
    case REDIS_REPLY_ARRAY:
        value.type = RedisValue::Type::Array;
        value.elements.reserve(qsizetype(reply->elements));
        for (size_t i = 0; i < reply->elements; ++i)
            value.elements.append(copyReply(reply->element[i]));
        break;
    default:
        value.type = RedisValue::Type::Nil;
    }
    return value;
}

DomainError unavailable(const RedisConfig &config, const QString &detail)
{
    DomainError error = makeError(
        ErrorCode::Unavailable,
        QStringLiteral("Redis at %1 could not be reached or did not answer in time.").arg(config.address()));
    error.detail = detail;
    return error;
}

// Replies with which a healthy server says "not now" rather than "wrong".
bool isTransient(const QByteArray &errorText)
{
    for (const char *prefix : {"LOADING", "BUSY", "MASTERDOWN", "READONLY", "TRYAGAIN", "CLUSTERDOWN"})
        if (errorText.startsWith(prefix))
            return true;
    return false;
}

qint64 steadyMs()
{
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

// hiredis writes to its socket with write(): a server that went away would raise SIGPIPE and end the
// whole web server. A failed write must be a failed call instead.
void ignoreSigpipe()
{
    static std::once_flag once;
    std::call_once(once, [] { std::signal(SIGPIPE, SIG_IGN); });
}

} // namespace

void RedisClient::ContextDeleter::operator()(redisContext *context) const
{
    redisFree(context);
}

RedisClient::RedisClient(RedisConfig config) : m_config(std::move(config))
{
    ignoreSigpipe();
}

RedisClient::~RedisClient() = default;

Result<RedisClient::Connection> RedisClient::connect()
{
    const QByteArray host = m_config.host.toUtf8();
    Connection connection(
        redisConnectWithTimeout(host.constData(), m_config.port, toTimeval(m_config.connectTimeoutMs)));
    if (!connection)
        return unavailable(m_config, QStringLiteral("hiredis could not allocate a context"));
    if (connection->err)
        return unavailable(m_config, QString::fromLocal8Bit(connection->errstr));
    if (redisSetTimeout(connection.get(), toTimeval(m_config.commandTimeoutMs)) != REDIS_OK)
        return unavailable(m_config, QString::fromLocal8Bit(connection->errstr));
    redisEnableKeepAlive(connection.get());

    auto setUp = [&](const QByteArrayList &arguments) -> Status {
        auto reply = exchangeOn(connection.get(), arguments);
        if (!reply)
            return reply.error();
        if (reply->type != RedisValue::Type::Error)
            return Done{};
        DomainError refused = unavailable(m_config, QString::fromUtf8(reply->text));
        if (arguments.first() == "AUTH")
            refused.message = QStringLiteral("Redis at %1 refused the user name or password.").arg(m_config.address());
        return refused;
    };
    if (!m_config.password.isEmpty()) {
        QByteArrayList auth{"AUTH"};
        if (!m_config.user.isEmpty())
            auth << m_config.user.toUtf8();
        auth << m_config.password;
        if (auto status = setUp(auth); !status)
            return status.error();
    }
    if (m_config.database != 0) {
        if (auto status = setUp({"SELECT", QByteArray::number(m_config.database)}); !status)
            return status.error();
    }
    return connection;
}

Result<RedisValue> RedisClient::exchangeOn(redisContext *context, const QByteArrayList &arguments)
{
    std::vector<const char *> argv;
    std::vector<size_t> lengths;
    argv.reserve(size_t(arguments.size()));
    lengths.reserve(size_t(arguments.size()));
    for (const QByteArray &argument : arguments) {
        argv.push_back(argument.constData());
        lengths.push_back(size_t(argument.size()));
    }
    auto *reply = static_cast<redisReply *>(redisCommandArgv(context, int(argv.size()), argv.data(), lengths.data()));
    if (!reply) {
        return unavailable(m_config, QString::fromLocal8Bit(context->errstr));
    }
    RedisValue value = copyReply(reply);
    freeReplyObject(reply);
    return value;
}

Result<RedisValue> RedisClient::exchange(const QByteArrayList &arguments)
{
    Connection connection = takeIdle();
    if (!connection) {
        if (steadyMs() < m_quietUntilMs.load())
            return unavailable(m_config, QStringLiteral("not tried again yet after a failed connect"));
        auto opened = connect();
        if (!opened) {
            m_quietUntilMs = steadyMs() + m_config.retryAfterMs;
            qCWarning(lcRedis).noquote() << opened.error().message << opened.error().detail;
            return opened.error();
        }
        connection = std::move(opened.value());
    }

    auto reply = exchangeOn(connection.get(), arguments);
    if (!reply) {
        // Never sent again: the server may have run the command before the connection broke. The
        // other idle connections most likely broke too (a restarted server) and go as well.
        connection.reset();
        dropIdle();
        qCWarning(lcRedis).noquote() << reply.error().message << reply.error().detail;
        return reply;
    }
    QMutexLocker lock(&m_mutex);
    if (int(m_idle.size()) < m_config.maxIdleConnections)
        m_idle.push_back(std::move(connection));
    return reply;
}

RedisClient::Connection RedisClient::takeIdle()
{
    for (;;) {
        Connection connection;
        {
            QMutexLocker lock(&m_mutex);
            if (m_idle.empty())
                return {};
            connection = std::move(m_idle.back());
            m_idle.pop_back();
        }
        // An idle connection has nothing to read unless its server closed it (a restart, the
        // server's idle timeout): found before a command is sent on it, so no command is ever lost
        // on a connection that was already dead.
        pollfd idle{connection->fd, POLLIN, 0};
        if (::poll(&idle, 1, 0) == 0)
            return connection;
        qCDebug(lcRedis).noquote() << "an idle connection to" << m_config.address() << "was closed; connecting again";
    }
}

void RedisClient::dropIdle()
{
    std::vector<Connection> stale;
    {
        QMutexLocker lock(&m_mutex);
        stale.swap(m_idle);
    }
}

Result<RedisValue> RedisClient::checked(Result<RedisValue> reply, const QByteArray &commandName)
{
    if (!reply || reply->type != RedisValue::Type::Error)
        return reply;
    const QByteArray &text = reply->text;
    if (isTransient(text))
        return unavailable(m_config, QString::fromUtf8(text));
    DomainError error = makeError(ErrorCode::Internal, QStringLiteral("Redis refused a command."));
    error.detail = QStringLiteral("%1: %2").arg(QString::fromUtf8(commandName), QString::fromUtf8(text));
    qCWarning(lcRedis).noquote() << error.detail;
    return error;
}

Result<RedisValue> RedisClient::command(const QByteArrayList &arguments)
{
    return checked(exchange(arguments), arguments.value(0));
}

Result<RedisValue> RedisClient::run(const RedisScript &script, const QByteArrayList &keys,
                                    const QByteArrayList &arguments)
{
    QByteArrayList evalsha{"EVALSHA", script.sha1, QByteArray::number(keys.size())};
    evalsha << keys << arguments;
    auto reply = exchange(evalsha);
    if (!reply || reply->type != RedisValue::Type::Error || !reply->text.startsWith("NOSCRIPT"))
        return checked(std::move(reply), "EVALSHA");
    auto loaded = command({"SCRIPT", "LOAD", script.source});
    if (!loaded)
        return loaded.error();
    if (loaded->text != script.sha1) {
        DomainError error = makeError(ErrorCode::Internal, QStringLiteral("Redis named a script differently."));
        error.detail = QString::fromUtf8(loaded->text);
        return error;
    }
    return command(evalsha);
}

} // namespace boxoffice::redis
