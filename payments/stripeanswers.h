#pragma once

#include "domain/payments.h"

#include <QJsonObject>
#include <QList>
#include <QSet>

namespace boxoffice {

struct HttpAnswer;

// Reading Stripe's answers: its error object, its payment intents and its lists. Everything here is
// about what came back; nothing sends a request.
namespace StripeAnswers {

// Where the shop keeps a charge's idempotency key and order on the provider's side: lists and searches
// show metadata, never the key a payment intent was created under.
inline const QString keyMetadata = QStringLiteral("boxoffice_key");
inline const QString orderMetadata = QStringLiteral("order_id");

// Stripe's error object: {"error": {"type", "code", "decline_code", "message", "param", "payment_intent"}}.
struct ProviderError
{
    QString type; // card_error, idempotency_error, invalid_request_error, api_error
    QString code; // card_declined, resource_missing, idempotency_key_in_use, rate_limit, parameter_unknown
    QString declineCode;
    QString message;
    QString param;
    QJsonObject paymentIntent;
};

QJsonObject jsonObject(const QByteArray &body);
ProviderError providerError(const QJsonObject &body);
// The provider's own "no such object": a 404 from a wrong URL or a proxy proves nothing.
bool isResourceMissing(const HttpAnswer &answer);
// One line for the log that says what came back: enough to tell a timeout from a 503 from a 409.
QString describe(const HttpAnswer &answer);

// Only the states that are final and moved no money count as Declined; everything in between
// (processing, requires_action, requires_confirmation, ...) waits for another look.
ChargeStatus chargeStatusOfIntent(const QString &status);
ChargeOutcome unknownCharge(const QString &detail);
// A payment intent's status as a charge outcome.
ChargeOutcome outcomeFromIntent(const QJsonObject &intent, const QString &detail);
QString declineReasonOf(const QString &declineCode, const QString &code, const QString &fallback);

// One page of a list or a search result, newest first as the provider sent it.
struct Page
{
    QList<QJsonObject> objects;
    bool hasMore = false;
    QString nextPage; // search results page by this cursor, lists by the last id
};
// `object` is "list" or "search_result". No answer, 429 or 5xx is Unavailable (worth another try
// later); any other refusal or a page that cannot be read is Internal.
Result<Page> parsePage(const HttpAnswer &answer, const QString &object, const QString &what);

// The shop's charges from one page of payment intents. An id seen before means the cursor went
// backwards: the list as a whole cannot be trusted then, so it is an error rather than a silently
// deduplicated list.
Status collectOurs(const Page &page, const QString &keyPrefix, QSet<QString> *seen, QVector<ProviderCharge> *charges);

DomainError unreadableList(const QString &detail);
DomainError listFailed(ErrorCode code, const QString &message, const QString &detail);

} // namespace StripeAnswers
} // namespace boxoffice
