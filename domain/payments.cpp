#include "domain/payments.h"

#include "domain/textrules.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QMessageAuthenticationCode>

#include <algorithm>

namespace boxoffice {

QString chargeStatusName(ChargeStatus status)
{
    switch (status) {
    case ChargeStatus::Succeeded:
        return QStringLiteral("succeeded");
    case ChargeStatus::Declined:
        return QStringLiteral("declined");
    case ChargeStatus::Unknown:
        return QStringLiteral("unknown");
    }
    return QStringLiteral("unknown");
}

Result<PaymentCard> PaymentProvider::paymentMethod(const QString &id)
{
    Q_UNUSED(id)
    return makeError(ErrorCode::Unavailable, QStringLiteral("This payment provider does not look up cards."));
}

namespace WebhookSignature {

namespace {

// A header is a handful of short fields; anything far longer is not a signature header.
constexpr int maxHeaderLength = 4096;
constexpr int maxTimestampDigits = 12;
constexpr int signatureBytes = 32; // SHA-256

QByteArray mac(const QByteArray &rawBody, const QByteArray &secret, const QByteArray &timestamp)
{
    QMessageAuthenticationCode code(QCryptographicHash::Sha256, secret);
    code.addData(timestamp);
    code.addData(".", 1);
    code.addData(rawBody);
    return code.result();
}

bool isLowerOrUpperHex(const QByteArray &text)
{
    for (const char c : text) {
        const bool hex = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
        if (!hex)
            return false;
    }
    return true;
}

// Every byte is looked at whatever the earlier ones were, so the time taken does not tell an attacker
// how long a prefix of a forged signature was right.
bool equalInConstantTime(const QByteArray &a, const QByteArray &b)
{
    if (a.size() != b.size())
        return false;
    unsigned char difference = 0;
    for (qsizetype i = 0; i < a.size(); ++i)
        difference |= static_cast<unsigned char>(a.at(i) ^ b.at(i));
    return difference == 0;
}

struct ParsedHeader
{
    QByteArray timestamp;
    QList<QByteArray> signatures;
};

Result<ParsedHeader> parseHeader(const QByteArray &header)
{
    if (header.trimmed().isEmpty())
        return makeError(ErrorCode::BadInput, QStringLiteral("The webhook carries no signature header."));
    if (header.size() > maxHeaderLength)
        return makeError(ErrorCode::BadInput, QStringLiteral("The webhook signature header is too long."));

    ParsedHeader parsed;
    bool timestampSeen = false;
    for (const QByteArray &item : header.split(',')) {
        const qsizetype equals = item.indexOf('=');
        if (equals <= 0)
            return makeError(ErrorCode::BadInput,
                             QStringLiteral("The webhook signature header is malformed (expected key=value)."));
        const QByteArray key = item.left(equals).trimmed();
        const QByteArray value = item.mid(equals + 1).trimmed();
        if (key == "t") {
            // Two timestamps would leave it open which one the signature covers.
            if (timestampSeen)
                return makeError(ErrorCode::BadInput,
                                 QStringLiteral("The webhook signature header has more than one timestamp."));
            timestampSeen = true;
            parsed.timestamp = value;
        } else if (key == "v1") {
            parsed.signatures.append(value);
        }
        // Other schemes (v0, future ones) are ignored, as Stripe's own libraries do.
    }

    if (!timestampSeen)
        return makeError(ErrorCode::BadInput, QStringLiteral("The webhook signature header has no timestamp."));
    if (parsed.timestamp.isEmpty() || parsed.timestamp.size() > maxTimestampDigits
        || !std::all_of(parsed.timestamp.cbegin(), parsed.timestamp.cend(),
                        [](char c) { return c >= '0' && c <= '9'; })) {
        return makeError(ErrorCode::BadInput,
                         QStringLiteral("The webhook signature timestamp is not a number of seconds."));
    }
    if (parsed.signatures.isEmpty())
        return makeError(ErrorCode::BadInput, QStringLiteral("The webhook signature header has no v1 signature."));
    return parsed;
}

Result<qint64> integerField(const QJsonObject &object, const QString &name, bool required)
{
    const QJsonValue value = object.value(name);
    if (value.isUndefined() || value.isNull()) {
        if (required)
            return makeError(ErrorCode::BadInput, QStringLiteral("The payment event has no \"%1\".").arg(name));
        return qint64(0);
    }
    // toInteger() refuses fractions, so 12.5 cannot pass as an amount.
    const qint64 none = -1;
    const qint64 number = value.isDouble() ? value.toInteger(none) : none;
    if (number < 0)
        return makeError(ErrorCode::BadInput,
                         QStringLiteral("The payment event's \"%1\" is not a whole, non-negative number.").arg(name));
    return number;
}

Result<OrderId> orderFromMetadata(const QJsonObject &object)
{
    const QJsonValue value = object.value(QStringLiteral("metadata")).toObject().value(QStringLiteral("order_id"));
    // A payment made outside the box office carries no order; the caller decides what that means.
    if (value.isUndefined() || value.isNull())
        return OrderId(0);
    bool ok = false;
    OrderId order = 0;
    if (value.isString()) {
        order = value.toString().toLongLong(&ok);
    } else if (value.isDouble()) {
        order = value.toInteger(-1);
        ok = true;
    }
    if (!ok || order <= 0)
        return makeError(ErrorCode::BadInput, QStringLiteral("The payment event's order id is not valid."));
    return order;
}

} // namespace

QByteArray sign(const QByteArray &rawBody, const QByteArray &secret, qint64 timestamp)
{
    const QByteArray t = QByteArray::number(timestamp);
    return "t=" + t + ",v1=" + mac(rawBody, secret, t).toHex();
}

Status verify(const WebhookDelivery &delivery, const QByteArray &secret, const QDateTime &now, int toleranceSeconds)
{
    // An empty secret would make every forger's HMAC the right one.
    if (secret.isEmpty())
        return makeError(ErrorCode::BadInput, QStringLiteral("No webhook secret is configured."));
    if (!now.isValid())
        return makeError(ErrorCode::BadInput, QStringLiteral("No valid current time to check the webhook against."));

    const Result<ParsedHeader> header = parseHeader(delivery.signatureHeader);
    if (!header)
        return header.error();

    const QByteArray expected = mac(delivery.rawBody, secret, header->timestamp);
    bool matched = false;
    // All candidates are compared, a match does not end the loop early.
    for (const QByteArray &candidate : header->signatures) {
        const bool wellFormed = candidate.size() == signatureBytes * 2 && isLowerOrUpperHex(candidate);
        const QByteArray bytes = wellFormed ? QByteArray::fromHex(candidate) : QByteArray(signatureBytes, '\0');
        matched |= wellFormed & equalInConstantTime(bytes, expected);
    }
    if (!matched)
        return makeError(ErrorCode::BadInput, QStringLiteral("The webhook signature does not match its body."));

    const qint64 age = now.toSecsSinceEpoch() - header->timestamp.toLongLong();
    if (age > toleranceSeconds)
        return makeError(ErrorCode::BadInput,
                         QStringLiteral("The webhook was signed %1 seconds ago, more than the %2 seconds allowed.")
                             .arg(age)
                             .arg(toleranceSeconds));
    if (-age > toleranceSeconds)
        return makeError(ErrorCode::BadInput,
                         QStringLiteral("The webhook is signed %1 seconds in the future, more than the %2 seconds "
                                        "allowed.")
                             .arg(-age)
                             .arg(toleranceSeconds));
    return Done{};
}

Result<PaymentEvent> parseEvent(const QByteArray &rawBody)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(rawBody, &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject())
        return makeError(ErrorCode::BadInput, QStringLiteral("The webhook body is not a JSON object."));
    const QJsonObject root = document.object();

    PaymentEvent event;
    event.eventId = root.value(QStringLiteral("id")).toString();
    event.type = root.value(QStringLiteral("type")).toString();
    if (event.eventId.isEmpty())
        return makeError(ErrorCode::BadInput, QStringLiteral("The webhook event has no id."));
    if (event.type.isEmpty())
        return makeError(ErrorCode::BadInput, QStringLiteral("The webhook event has no type."));
    if (hasUnshowableCharacters(event.eventId) || hasUnshowableCharacters(event.type))
        return makeError(ErrorCode::BadInput, QStringLiteral("The webhook event holds control characters."));

    const Result<qint64> created = integerField(root, QStringLiteral("created"), true);
    if (!created)
        return created.error();
    event.created = QDateTime::fromSecsSinceEpoch(*created, Qt::UTC);

    const QJsonValue objectValue = root.value(QStringLiteral("data")).toObject().value(QStringLiteral("object"));
    if (!objectValue.isObject())
        return makeError(ErrorCode::BadInput, QStringLiteral("The webhook event has no data object."));
    const QJsonObject object = objectValue.toObject();

    QString currency; // as the event spells it: checked for control characters before it is kept
    if (event.type.startsWith(QLatin1String("payment_intent."))) {
        event.providerPaymentId = object.value(QStringLiteral("id")).toString();
        const Result<qint64> amount = integerField(object, QStringLiteral("amount"), true);
        if (!amount)
            return amount.error();
        currency = object.value(QStringLiteral("currency")).toString();
        event.amount = Money(*amount, currency);
    } else if (event.type.startsWith(QLatin1String("charge."))) {
        // A charge (or a refund) names its payment intent; the saga only knows payment intents.
        event.providerPaymentId = object.value(QStringLiteral("payment_intent")).toString();
        const bool isRefund = object.value(QStringLiteral("object")).toString() == QLatin1String("refund");
        if (object.contains(QStringLiteral("amount_refunded"))) {
            // On a charge this is the total refunded so far, so a late or repeated event never lowers it.
            const Result<qint64> refunded = integerField(object, QStringLiteral("amount_refunded"), true);
            if (!refunded)
                return refunded.error();
            event.amount = Money(*refunded, QString());
        } else {
            const Result<qint64> amount = integerField(object, QStringLiteral("amount"), isRefund);
            if (!amount)
                return amount.error();
            event.amount = Money(*amount, QString());
        }
    } else {
        return makeError(ErrorCode::BadInput,
                         QStringLiteral("The webhook event type \"%1\" is not a payment event.").arg(event.type));
    }

    if (event.providerPaymentId.isEmpty())
        return makeError(ErrorCode::BadInput, QStringLiteral("The payment event names no payment intent."));
    // The ids and the currency are stored and logged: a NUL would break the statement (a 500 the
    // provider retries for days), a line break would forge a log line.
    for (const QString *text : {&event.providerPaymentId, &currency}) {
        if (hasUnshowableCharacters(*text))
            return makeError(ErrorCode::BadInput, QStringLiteral("The webhook event holds control characters."));
    }

    const Result<OrderId> order = orderFromMetadata(object);
    if (!order)
        return order.error();
    event.order = *order;
    return event;
}

} // namespace WebhookSignature

} // namespace boxoffice
