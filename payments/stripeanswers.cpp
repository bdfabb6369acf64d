#include "payments/stripeanswers.h"

#include "payments/blockinghttp.h"
#include "payments/paymentslogging.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace boxoffice::StripeAnswers {

QJsonObject jsonObject(const QByteArray &body)
{
    return QJsonDocument::fromJson(body).object();
}

ProviderError providerError(const QJsonObject &body)
{
    const QJsonObject error = body.value(QStringLiteral("error")).toObject();
    ProviderError result;
    result.type = error.value(QStringLiteral("type")).toString();
    result.code = error.value(QStringLiteral("code")).toString();
    result.declineCode = error.value(QStringLiteral("decline_code")).toString();
    result.message = error.value(QStringLiteral("message")).toString();
    result.param = error.value(QStringLiteral("param")).toString();
    result.paymentIntent = error.value(QStringLiteral("payment_intent")).toObject();
    return result;
}

bool isResourceMissing(const HttpAnswer &answer)
{
    return answer.status == 404 && providerError(jsonObject(answer.body)).code == QLatin1String("resource_missing");
}

QString describe(const HttpAnswer &answer)
{
    if (answer.status == 0)
        return answer.timedOut ? answer.networkError : QStringLiteral("network error: %1").arg(answer.networkError);
    QString text = QStringLiteral("HTTP %1").arg(answer.status);
    const ProviderError error = providerError(jsonObject(answer.body));
    if (!error.type.isEmpty() || !error.code.isEmpty())
        text += QStringLiteral(" %1/%2").arg(error.type, error.code);
    if (!error.param.isEmpty())
        text += QStringLiteral(" (%1)").arg(error.param);
    if (!error.message.isEmpty())
        text += QStringLiteral(": ") + error.message;
    if (answer.header("Idempotent-Replayed") == "true")
        text += QStringLiteral(" (replayed)");
    const QByteArray requestId = answer.header("Request-Id");
    if (!requestId.isEmpty())
        text += QStringLiteral(" [%1]").arg(QString::fromLatin1(requestId.left(64)));
    return text;
}

ChargeStatus chargeStatusOfIntent(const QString &status)
{
    if (status == QLatin1String("succeeded"))
        return ChargeStatus::Succeeded;
    if (status == QLatin1String("requires_payment_method") || status == QLatin1String("canceled"))
        return ChargeStatus::Declined;
    return ChargeStatus::Unknown;
}

ChargeOutcome unknownCharge(const QString &detail)
{
    ChargeOutcome outcome;
    outcome.status = ChargeStatus::Unknown;
    outcome.detail = detail;
    return outcome;
}

QString declineReasonOf(const QString &declineCode, const QString &code, const QString &fallback)
{
    if (!declineCode.isEmpty())
        return declineCode;
    return code.isEmpty() ? fallback : code;
}

ChargeOutcome outcomeFromIntent(const QJsonObject &intent, const QString &detail)
{
    const QString id = intent.value(QStringLiteral("id")).toString();
    const QString status = intent.value(QStringLiteral("status")).toString();
    if (id.isEmpty() || status.isEmpty()
        || intent.value(QStringLiteral("object")).toString() != QLatin1String("payment_intent"))
        return unknownCharge(detail + QStringLiteral(": no payment intent in the answer"));

    ChargeOutcome outcome;
    outcome.providerPaymentId = id;
    outcome.amount = Money(intent.value(QStringLiteral("amount")).toInteger(),
                           intent.value(QStringLiteral("currency")).toString());
    outcome.detail = detail;
    outcome.status = chargeStatusOfIntent(status);
    if (outcome.status == ChargeStatus::Declined) {
        const QJsonObject lastError = intent.value(QStringLiteral("last_payment_error")).toObject();
        outcome.declineReason = declineReasonOf(lastError.value(QStringLiteral("decline_code")).toString(),
                                                lastError.value(QStringLiteral("code")).toString(), status);
    } else if (outcome.status == ChargeStatus::Unknown) {
        outcome.detail += QStringLiteral(": payment intent is %1").arg(status);
    }
    return outcome;
}

DomainError listFailed(ErrorCode code, const QString &message, const QString &detail)
{
    DomainError failed = makeError(code, message);
    failed.detail = detail;
    qCWarning(lcPayments).noquote() << "charge list failed:" << message << detail;
    return failed;
}

DomainError unreadableList(const QString &detail)
{
    return listFailed(ErrorCode::Internal, QStringLiteral("The payment provider's list of charges could not be read."),
                      detail);
}

Result<Page> parsePage(const HttpAnswer &answer, const QString &object, const QString &what)
{
    const QString detail = describe(answer);
    if (answer.status == 0 || answer.status == 429 || answer.status >= 500)
        return listFailed(ErrorCode::Unavailable,
                          QStringLiteral("The payment provider could not be reached to %1.").arg(what), detail);
    if (answer.status != 200)
        return listFailed(ErrorCode::Internal, QStringLiteral("The payment provider refused to %1.").arg(what), detail);

    const QJsonObject json = jsonObject(answer.body);
    const QJsonValue data = json.value(QStringLiteral("data"));
    const QJsonValue hasMore = json.value(QStringLiteral("has_more"));
    if (json.value(QStringLiteral("object")).toString() != object || !data.isArray() || !hasMore.isBool())
        return unreadableList(detail + QStringLiteral(": not a %1").arg(object));
    Page page;
    page.hasMore = hasMore.toBool();
    page.nextPage = json.value(QStringLiteral("next_page")).toString();
    for (const QJsonValue &entry : data.toArray()) {
        // Every entry needs an id: a list's next page starts after the last one.
        if (entry.toObject().value(QStringLiteral("id")).toString().isEmpty())
            return unreadableList(detail + QStringLiteral(": an entry without an id"));
        page.objects.append(entry.toObject());
    }
    return page;
}

namespace {

// 0 unless the metadata holds a positive whole number: a charge made outside the shop's orders.
OrderId orderOf(const QJsonObject &metadata)
{
    bool ok = false;
    const OrderId order = metadata.value(orderMetadata).toString().toLongLong(&ok);
    return ok && order > 0 ? order : 0;
}

// A whole, non-negative number, or -1 when the field is missing or anything else.
qint64 wholeNumber(const QJsonObject &object, const QString &name)
{
    const QJsonValue value = object.value(name);
    const qint64 number = value.isDouble() ? value.toInteger(-1) : -1;
    return number >= 0 ? number : -1;
}

// From the expanded latest charge; no charge yet (null) means nothing refunded. An id alone would hide
// the refunded amount, so it is -1 like any other unreadable value.
qint64 refundedOf(const QJsonObject &intent)
{
    const QJsonValue latestCharge = intent.value(QStringLiteral("latest_charge"));
    if (latestCharge.isObject())
        return wholeNumber(latestCharge.toObject(), QStringLiteral("amount_refunded"));
    return latestCharge.isNull() || latestCharge.isUndefined() ? 0 : -1;
}

Result<ProviderCharge> providerCharge(const QJsonObject &intent)
{
    ProviderCharge charge;
    charge.providerPaymentId = intent.value(QStringLiteral("id")).toString();
    const QJsonObject metadata = intent.value(QStringLiteral("metadata")).toObject();
    charge.idempotencyKey = metadata.value(keyMetadata).toString();
    charge.order = orderOf(metadata);
    charge.status = chargeStatusOfIntent(intent.value(QStringLiteral("status")).toString());
    const QString currency = intent.value(QStringLiteral("currency")).toString();
    charge.amount = Money(wholeNumber(intent, QStringLiteral("amount")), currency);
    const qint64 created = wholeNumber(intent, QStringLiteral("created"));
    charge.created = QDateTime::fromSecsSinceEpoch(created, Qt::UTC);
    charge.refunded = Money(refundedOf(intent), currency);
    // A charge reconciliation cannot read must not drop out of the list unnoticed.
    if (charge.amount.isNegative() || created <= 0 || charge.refunded.isNegative() || currency.size() != 3)
        return unreadableList(QStringLiteral("payment intent %1: no valid amount, currency, created or refunded amount")
                                  .arg(charge.providerPaymentId));
    return charge;
}

bool isOurs(const QJsonObject &intent, const QString &keyPrefix)
{
    const QString key = intent.value(QStringLiteral("metadata")).toObject().value(keyMetadata).toString();
    return !key.isEmpty() && key.startsWith(keyPrefix);
}

} // namespace

Status collectOurs(const Page &page, const QString &keyPrefix, QSet<QString> *seen, QVector<ProviderCharge> *charges)
{
    for (const QJsonObject &intent : page.objects) {
        const QString id = intent.value(QStringLiteral("id")).toString();
        if (seen->contains(id))
            return unreadableList(QStringLiteral("payment intent %1 listed twice").arg(id));
        seen->insert(id);
        if (!isOurs(intent, keyPrefix))
            continue;
        Result<ProviderCharge> charge = providerCharge(intent);
        if (!charge)
            return charge.error();
        charges->append(std::move(charge).value());
    }
    return Done{};
}

} // namespace boxoffice::StripeAnswers
