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

} // namespace boxoffice::web
