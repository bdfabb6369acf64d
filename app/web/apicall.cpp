#include "apicall.h"

#include <QRandomGenerator>
#include <QRegularExpression>

namespace boxoffice::web {

QString requestIdFor(const QByteArray &clientValue)
{
    static const QRegularExpression sane(QStringLiteral("^[A-Za-z0-9._:-]{1,64}$"));
    const QString given = QString::fromLatin1(clientValue);
    if (!clientValue.isEmpty() && sane.match(given).hasMatch())
        return given;
    quint32 words[4];
    QRandomGenerator::system()->fillRange(words);
    return QString::fromLatin1(QByteArray(reinterpret_cast<const char *>(words), sizeof words).toHex());
}

QString bearerToken(const QByteArray &authorization)
{
    const QByteArray value = authorization.trimmed();
    if (value.size() < 8 || qstrnicmp(value.constData(), "bearer ", 7) != 0)
        return {};
    const QByteArray token = value.mid(7).trimmed();
    if (token.size() > 256)
        return {};
    return QString::fromLatin1(token);
}

QString sessionCookie(const QByteArray &cookieHeader)
{
    // "a=1; boxoffice_session=...; b=2": the first of that name counts, as browsers send the most
    // specific path first.
    for (const QByteArray &pair : cookieHeader.split(';')) {
        const QByteArray trimmed = pair.trimmed();
        const int equals = trimmed.indexOf('=');
        if (equals <= 0 || trimmed.left(equals) != SessionCookieName)
            continue;
        const QByteArray value = trimmed.mid(equals + 1);
        return value.size() <= 256 ? QString::fromLatin1(value) : QString();
    }
    return {};
}

bool isUnsafeMethod(const QString &method)
{
    return method != QLatin1String("GET") && method != QLatin1String("HEAD") && method != QLatin1String("OPTIONS");
}

} // namespace boxoffice::web
