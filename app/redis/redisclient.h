#pragma once

#include "app/redis/redisconfig.h"
#include "app/redis/redisscript.h"
#include "app/redis/redisvalue.h"
#include "domain/result.h"

#include <QByteArrayList>
#include <QMutex>

#include <atomic>
#include <memory>
#include <vector>

struct redisContext;

namespace boxoffice::redis {

// A blocking Redis client safe to call from any number of threads. A hiredis context must not be
// shared between threads, so each call borrows one connection from a small pool of idle ones (or
// opens a new one) and gives it back when done. A connection that failed, or that its server closed
// while it was idle, is thrown away; the next call connects again, which is how a restarted server
// is found. A command whose connection broke is never sent again (it may have run). When Redis cannot be reached or
// does not answer within the timeout, calls answer ErrorCode::Unavailable and never block longer.
class RedisClient
{
public:
    explicit RedisClient(RedisConfig config);
    ~RedisClient();
    RedisClient(const RedisClient &) = delete;
    RedisClient &operator=(const RedisClient &) = delete;

    const RedisConfig &config() const { return m_config; }
    // The configured prefix followed by `name`: every key this program uses.
    QByteArray key(const QByteArray &name) const { return m_config.keyPrefix + name; }

    // Runs one command, e.g. {"ZCARD", key}. An error reply is a DomainError (Internal, or
    // Unavailable where the server cannot serve now: loading, busy script, read-only replica).
    Result<RedisValue> command(const QByteArrayList &arguments);
    // Runs `script` with EVALSHA, loading it first when the server does not know it.
    Result<RedisValue> run(const RedisScript &script, const QByteArrayList &keys, const QByteArrayList &arguments);

private:
    struct ContextDeleter
    {
        void operator()(redisContext *context) const;
    };
    using Connection = std::unique_ptr<redisContext, ContextDeleter>;

    Result<Connection> connect();
    // The reply as it came, error replies included; only a failed connection is a DomainError.
    Result<RedisValue> exchange(const QByteArrayList &arguments);
    Result<RedisValue> exchangeOn(redisContext *context, const QByteArrayList &arguments);
    Result<RedisValue> checked(Result<RedisValue> reply, const QByteArray &commandName);
    Connection takeIdle();
    void dropIdle();

    const RedisConfig m_config;
    QMutex m_mutex;
    std::vector<Connection> m_idle;
    std::atomic<qint64> m_quietUntilMs{0}; // steady clock; see RedisConfig::retryAfterMs
};

} // namespace boxoffice::redis
