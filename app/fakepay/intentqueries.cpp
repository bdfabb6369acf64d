#include "intentqueries.h"

#include "apicall.h"
#include "ledger.h"
#include "listpage.h"
#include "paramschema.h"
#include "searchindex.h"
#include "searchquery.h"
#include "stripeobjects.h"

#include <QCryptographicHash>

namespace boxoffice::fakepay {

namespace {

const QStringList listExpandable{QStringLiteral("data.latest_charge"), QStringLiteral("data.payment_method")};

// A page token ties its position to the query it came from, as Stripe's do: another query's token is
// refused rather than read as a position in a different result.
QByteArray queryTag(const QString &query)
{
    return QCryptographicHash::hash(query.toUtf8(), QCryptographicHash::Sha256).toHex().left(12);
}

QString pageToken(const QString &query, qsizetype position)
{
    const QByteArray raw = QByteArray::number(position) + ':' + queryTag(query);
    return QStringLiteral("page_")
        + QString::fromLatin1(raw.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

// The position in the token, or -1 when it is not one of ours for this query.
qsizetype positionOf(const QString &token, const QString &query)
{
    if (!token.startsWith(QLatin1String("page_")))
        return -1;
    const QByteArray raw = QByteArray::fromBase64(
        token.mid(5).toLatin1(), QByteArray::Base64UrlEncoding | QByteArray::AbortOnBase64DecodingErrors);
    const QList<QByteArray> parts = raw.split(':');
    bool ok = false;
    const qsizetype position = parts.size() == 2 ? parts.first().toLongLong(&ok) : -1;
    return ok && position >= 0 && parts.last() == queryTag(query) ? position : -1;
}

} // namespace

IntentQueries::IntentQueries(const Ledger *ledger, const SearchIndex *searchIndex, const StripeObjects *objects)
    : m_ledger(ledger), m_searchIndex(searchIndex), m_objects(objects)
{ }

void IntentQueries::list(const ApiCall &call) const
{
    const QStringList expand = listParam(call.params(), QStringLiteral("expand"));
    if (auto refused = StripeObjects::checkExpand(expand, listExpandable))
        return call.refuse(*refused);
    ListWindow window;
    const auto position = [this](const QString &id) { return m_ledger->intentPosition(id); };
    if (auto refused = ListWindow::read(call.params(), QStringLiteral("payment_intent"), position, &window))
        return call.refuse(*refused);

    const QList<PaymentIntent> &intents = m_ledger->intents();
    bool hasMore = false;
    const QList<qsizetype> picked = window.pick(
        intents.size(), [&](qsizetype at) { return intents.at(at).created; }, [](qsizetype) { return true; }, &hasMore);
    QJsonArray data;
    for (const qsizetype at : picked)
        data.append(m_objects->intent(intents.at(at), StripeObjects::listItems(expand)));
    call.answer(jsonResponse(200, listJson(data, hasMore, QStringLiteral("/v1/payment_intents"))));
}

void IntentQueries::search(const ApiCall &call) const
{
    const QStringList expand = listParam(call.params(), QStringLiteral("expand"));
    if (auto refused = StripeObjects::checkExpand(expand, listExpandable))
        return call.refuse(*refused);
    const QString text = call.param(QStringLiteral("query"));
    QString problem;
    const std::optional<SearchQuery> query = SearchQuery::parse(text, &problem);
    if (!query)
        return call.refuse(StripeError::invalid(problem, QStringLiteral("query")));
    qsizetype before = m_searchIndex->size();
    if (const QString page = call.param(QStringLiteral("page")); !page.isEmpty()) {
        before = positionOf(page, text);
        if (before < 0)
            return call.refuse(StripeError::invalid(QStringLiteral("Invalid page: it does not belong to this query."),
                                                    QStringLiteral("page")));
    }
    qsizetype next = -1;
    const QStringList ids
        = m_searchIndex->search(*query, before, int(integerParam(call.params(), QStringLiteral("limit"), 10)), &next);
    QJsonArray data;
    for (const QString &id : ids) {
        // The match is on what the index saw; the object shown is as it is now, as Stripe's are.
        if (const PaymentIntent *intent = m_ledger->intent(id))
            data.append(m_objects->intent(*intent, StripeObjects::listItems(expand)));
    }
    call.answer(jsonResponse(
        200,
        {
            {QStringLiteral("object"), QStringLiteral("search_result")},
            {QStringLiteral("data"), data},
            {QStringLiteral("has_more"), next >= 0},
            {QStringLiteral("next_page"), next >= 0 ? QJsonValue(pageToken(text, next)) : QJsonValue(QJsonValue::Null)},
            {QStringLiteral("url"), QStringLiteral("/v1/payment_intents/search")},
        }));
}

} // namespace boxoffice::fakepay
