#include "chargesapi.h"

#include "apicall.h"
#include "ledger.h"
#include "listpage.h"
#include "paramschema.h"
#include "stripeobjects.h"

namespace boxoffice::fakepay {

ChargesApi::ChargesApi(const Ledger *ledger, const StripeObjects *objects) : m_ledger(ledger), m_objects(objects) { }

void ChargesApi::list(const ApiCall &call) const
{
    const QStringList expand = listParam(call.params(), QStringLiteral("expand"));
    if (auto refused = StripeObjects::checkExpand(expand, {QStringLiteral("data.payment_intent")}))
        return call.refuse(*refused);
    ListWindow window;
    const auto position = [this](const QString &id) { return m_ledger->chargePosition(id); };
    if (auto refused = ListWindow::read(call.params(), QStringLiteral("charge"), position, &window))
        return call.refuse(*refused);
    const QString paymentIntent = call.param(QStringLiteral("payment_intent"));

    const QList<Charge> &charges = m_ledger->charges();
    bool hasMore = false;
    const QList<qsizetype> picked = window.pick(
        charges.size(), [&](qsizetype at) { return charges.at(at).created; },
        [&](qsizetype at) { return paymentIntent.isEmpty() || charges.at(at).paymentIntent == paymentIntent; },
        &hasMore);
    QJsonArray data;
    for (const qsizetype at : picked)
        data.append(m_objects->charge(charges.at(at), StripeObjects::listItems(expand)));
    call.answer(jsonResponse(200, listJson(data, hasMore, QStringLiteral("/v1/charges"))));
}

void ChargesApi::retrieve(const ApiCall &call, const QString &id) const
{
    const Charge *charge = m_ledger->charge(id);
    if (!charge)
        return call.refuse(StripeError::notFound(QStringLiteral("charge"), id));
    const QStringList expand = listParam(call.params(), QStringLiteral("expand"));
    if (auto refused = StripeObjects::checkExpand(expand, {QStringLiteral("payment_intent")}))
        return call.refuse(*refused);
    call.answer(jsonResponse(200, m_objects->charge(*charge, expand)));
}

} // namespace boxoffice::fakepay
