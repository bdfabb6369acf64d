#include "domain/admissiontoken.h"

#include <QList>
#include <QMessageAuthenticationCode>
#include <QRandomGenerator>

namespace boxoffice {

namespace {

constexpr auto base64url = QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals;
const QByteArray tokenPurpose = "boxoffice-admission";
const QByteArray ticketPurpose = "boxoffice-visitor";
const QByteArray tokenVersion = "a1";
const QByteArray ticketVersion = "v1";

// Compares every byte whatever the first difference, so the time taken says nothing about how much
// of a guessed signature was right.
bool sameBytes(const QByteArray &a, const QByteArray &b)
{
    if (a.size() != b.size())
        return false;
    unsigned char difference = 0;
    for (qsizetype i = 0; i < a.size(); ++i)
        difference |= static_cast<unsigned char>(a.at(i) ^ b.at(i));
    return difference == 0;
}

std::optional<qint64> positiveNumber(const QByteArray &text)
{
    bool ok = false;
    const qint64 value = text.toLongLong(&ok);
    if (!ok || value <= 0 || QByteArray::number(value) != text)
        return std::nullopt;
    return value;
}

} // namespace

QString admissionRefusalCode(AdmissionRefusal refusal)
{
    switch (refusal) {
    case AdmissionRefusal::Missing:
        return QStringLiteral("admission_missing");
    case AdmissionRefusal::Forged:
        return QStringLiteral("admission_forged");
    case AdmissionRefusal::Expired:
        return QStringLiteral("admission_expired");
    case AdmissionRefusal::OtherEvent:
        return QStringLiteral("admission_other_event");
    case AdmissionRefusal::OtherBuyer:
        return QStringLiteral("admission_other_buyer");
    }
    return QStringLiteral("admission_forged");
}

QString admissionRefusalMessage(AdmissionRefusal refusal)
{
    switch (refusal) {
    case AdmissionRefusal::Missing:
        return QStringLiteral("This event is on sale through its waiting room: join the queue and send the admission "
                              "token you are given (header X-Admission-Token).");
    case AdmissionRefusal::Forged:
        return QStringLiteral("The admission token is not one this box office issued.");
    case AdmissionRefusal::Expired:
        return QStringLiteral("The admission token has expired: join the queue again.");
    case AdmissionRefusal::OtherEvent:
        return QStringLiteral("The admission token is for another event.");
    case AdmissionRefusal::OtherBuyer:
        return QStringLiteral("The admission token was issued to another buyer.");
    }
    return {};
}

AdmissionSigner::AdmissionSigner(QByteArray secret) : m_secret(std::move(secret)) { }

QByteArray AdmissionSigner::sign(const QByteArray &purpose, const QByteArray &payload) const
{
    // The purpose is signed too: a visitor ticket can never pass as an admission token.
    return QMessageAuthenticationCode::hash(purpose + '\n' + payload, m_secret, QCryptographicHash::Sha256);
}

std::optional<QByteArray> AdmissionSigner::signedPayload(const QByteArray &purpose, const QByteArray &text) const
{
    const QList<QByteArray> parts = text.trimmed().split('.');
    if (parts.size() != 2 || parts.at(0).isEmpty() || parts.at(1).isEmpty())
        return std::nullopt;
    const auto payload
        = QByteArray::fromBase64Encoding(parts.at(0), base64url | QByteArray::AbortOnBase64DecodingErrors);
    const auto mac = QByteArray::fromBase64Encoding(parts.at(1), base64url | QByteArray::AbortOnBase64DecodingErrors);
    if (!payload || !mac)
        return std::nullopt;
    if (!sameBytes(sign(purpose, *payload), *mac))
        return std::nullopt;
    return *payload;
}

QByteArray AdmissionSigner::issueToken(EventId event, BuyerId buyer, qint64 expiresAtMs) const
{
    const QByteArray payload = tokenVersion + '.' + QByteArray::number(event) + '.' + QByteArray::number(buyer) + '.'
        + QByteArray::number(expiresAtMs);
    return payload.toBase64(base64url) + '.' + sign(tokenPurpose, payload).toBase64(base64url);
}

std::optional<AdmissionRefusal> AdmissionSigner::verifyToken(const QByteArray &token, EventId event, BuyerId buyer,
                                                             qint64 nowMs) const
{
    if (token.trimmed().isEmpty())
        return AdmissionRefusal::Missing;
    const auto payload = signedPayload(tokenPurpose, token);
    if (!payload)
        return AdmissionRefusal::Forged;
    const QList<QByteArray> fields = payload->split('.');
    if (fields.size() != 4 || fields.at(0) != tokenVersion)
        return AdmissionRefusal::Forged;
    const auto tokenEvent = positiveNumber(fields.at(1));
    const auto tokenBuyer = positiveNumber(fields.at(2));
    const auto expiresAt = positiveNumber(fields.at(3));
    if (!tokenEvent || !tokenBuyer || !expiresAt)
        return AdmissionRefusal::Forged;
    if (*tokenEvent != event)
        return AdmissionRefusal::OtherEvent;
    if (*tokenBuyer != buyer)
        return AdmissionRefusal::OtherBuyer;
    if (*expiresAt <= nowMs)
        return AdmissionRefusal::Expired;
    return std::nullopt;
}

QByteArray AdmissionSigner::issueTicket(EventId event, const QString &visitor) const
{
    const QByteArray payload = ticketVersion + '.' + QByteArray::number(event) + '.' + visitor.toLatin1();
    return payload.toBase64(base64url) + '.' + sign(ticketPurpose, payload).toBase64(base64url);
}

std::optional<QString> AdmissionSigner::verifyTicket(const QByteArray &ticket, EventId event) const
{
    const auto payload = signedPayload(ticketPurpose, ticket);
    if (!payload)
        return std::nullopt;
    const QList<QByteArray> fields = payload->split('.');
    if (fields.size() != 3 || fields.at(0) != ticketVersion || fields.at(2).isEmpty())
        return std::nullopt;
    const auto ticketEvent = positiveNumber(fields.at(1));
    if (!ticketEvent || *ticketEvent != event)
        return std::nullopt;
    return QString::fromLatin1(fields.at(2));
}

QString AdmissionSigner::newVisitorId()
{
    quint32 words[4];
    QRandomGenerator::system()->fillRange(words);
    return QString::fromLatin1(QByteArray(reinterpret_cast<const char *>(words), sizeof words).toHex());
}

QString AdmissionSigner::visitorIdFor(EventId event, const QString &bearerToken) const
{
    const QByteArray digest
        = sign(QByteArrayLiteral("visitor-of-sign-in"), QByteArray::number(event) + '\n' + bearerToken.toUtf8());
    return QString::fromLatin1(digest.left(16).toHex()); // 128 bits, the shape of a random visitor id
}

QByteArray AdmissionSigner::randomSecret()
{
    quint32 words[8];
    QRandomGenerator::system()->fillRange(words);
    return QByteArray(reinterpret_cast<const char *>(words), sizeof words);
}

} // namespace boxoffice
