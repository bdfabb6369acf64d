#pragma once

#include <QByteArray>
#include <QCryptographicHash>

namespace boxoffice::redis {

// A Lua script run with EVALSHA. Redis names a script by the SHA-1 of its text, so the name is known
// without asking; RedisClient loads the text only when a server answers NOSCRIPT (a fresh or
// restarted server, or SCRIPT FLUSH).
struct RedisScript
{
    explicit RedisScript(QByteArray text)
        : source(std::move(text)), sha1(QCryptographicHash::hash(source, QCryptographicHash::Sha1).toHex())
    { }

    QByteArray source;
    QByteArray sha1;
};

} // namespace boxoffice::redis
