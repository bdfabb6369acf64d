#include "intentsapi.h"

#include "apicall.h"
#include "confirmer.h"
#include "ids.h"
#include "ledger.h"
#include "paramschema.h"
#include "paymentmethods.h"
#include "searchindex.h"
#include "stripeobjects.h"

#include <QDateTime>

namespace boxoffice::fakepay {

namespace {

const QStringList expandable{QStringLiteral("latest_charge"), QStringLiteral("payment_method")};

StripeError unexpectedState(const PaymentIntent &intent, const QString &action, const QString &allowed,
                            const StripeObjects *objects)
{
    StripeError error = StripeError::invalid(
        QStringLiteral("You cannot %1 this PaymentIntent because it has a status "
                       "of %2. Only a PaymentIntent with one of the following "
                       "statuses may be %3: %4.")
            .arg(action, intent.status,
                 action == QLatin1String("cancel") ? QStringLiteral("canceled") : QStringLiteral("confirmed"), allowed),
        {}, QStringLiteral("payment_intent_unexpected_state"));
    error.extra.insert(QStringLiteral("payment_intent"), objects->intent(intent));
    return error;
}

} // namespace

IntentsApi::IntentsApi(Ledger *ledger, PaymentMethods *paymentMethods, Confirmer *confirmer, SearchIndex *searchIndex,
                       const StripeObjects *objects)
    : m_ledger(ledger), m_paymentMethods(paymentMethods), m_confirmer(confirmer), m_searchIndex(searchIndex),
      m_objects(objects)
{ }

void IntentsApi::create(const ApiCall &call)
{
    const QStringList expand = listParam(call.params(), QStringLiteral("expand"));
    if (auto refused = StripeObjects::checkExpand(expand, expandable))
        return call.refuse(*refused);
    const QStringList types = listParam(call.params(), QStringLiteral("payment_method_types"));
    for (const QString &type : types) {
        if (type != QLatin1String("card"))
            return call.refuse(StripeError::invalid(
                QStringLiteral("The payment method type \"%1\" is invalid. This account can only use card.")
                    .arg(type.left(50)),
                QStringLiteral("payment_method_types"), QStringLiteral("payment_intent_invalid_parameter")));
    }
    const bool automatic = booleanParam(call.params().value(QStringLiteral("automatic_payment_methods")).toObject(),
                                        QStringLiteral("enabled"));
    if (automatic && !types.isEmpty())
        return call.refuse(StripeError::invalid(QStringLiteral("You may only specify one of these parameters: "
                                                               "automatic_payment_methods, payment_method_types."),
                                                QStringLiteral("automatic_payment_methods")));

    const std::optional<QString> named = paymentMethodOf(call, {});
    if (!named)
        return;
    const QString paymentMethod = *named;
    const bool confirm = booleanParam(call.params(), QStringLiteral("confirm"));
    if (call.params().contains(QStringLiteral("error_on_requires_action")) && !confirm)
        return call.refuse(
            StripeError::invalid(QStringLiteral("error_on_requires_action can only be used with confirm=true."),
                                 QStringLiteral("error_on_requires_action")));
    // The plan is consulted before the intent exists: a request turned away leaves nothing behind.
    std::optional<ChargePlan::Step> step;
    if (confirm && !(step = m_confirmer->draw(call)))
        return;

    PaymentIntent intent;
    intent.id = randomId(QStringLiteral("pi_"));
    intent.idempotencyKey = call.idempotencyKey();
    intent.amount = integerParam(call.params(), QStringLiteral("amount"), 0);
    intent.currency = call.param(QStringLiteral("currency")).toLower();
    intent.description = call.param(QStringLiteral("description"));
    intent.metadata = metadataParam(call.params());
    intent.paymentMethod = paymentMethod;
    if (!types.isEmpty())
        intent.paymentMethodTypes = types;
    intent.automaticPaymentMethods = automatic;
    intent.receiptEmail = call.param(QStringLiteral("receipt_email"));
    intent.status
        = paymentMethod.isEmpty() ? QStringLiteral("requires_payment_method") : QStringLiteral("requires_confirmation");
    intent.created = QDateTime::currentSecsSinceEpoch();
    const PaymentIntent &made = m_ledger->addIntent(intent);
    m_searchIndex->update(m_objects->intent(made));

    if (!confirm)
        return call.answer(jsonResponse(200, m_objects->intent(made, expand)));
    // Lenient where Stripe is not: confirm=true without a payment method charges the fake account's
    // default card (Stripe refuses with payment_intent_unexpected_state). Older tests and the demo
    // charge that way; the shop's client always names the card.
    m_confirmer->charge(call, intent.id, expand, *step);
}

PaymentIntent *IntentsApi::open(const ApiCall &call, const QString &id, const QString &action,
                                QStringList *expand) const
{
    PaymentIntent *intent = m_ledger->intent(id);
    if (!intent) {
        call.refuse(StripeError::notFound(QStringLiteral("payment_intent"), id));
        return nullptr;
    }
    if (!action.isEmpty()
        && (intent->status == QLatin1String("succeeded") || intent->status == QLatin1String("canceled"))) {
        const QString allowed = action == QLatin1String("cancel")
            ? QStringLiteral("requires_payment_method, requires_capture, requires_confirmation, "
                             "requires_action, processing")
            : QStringLiteral("requires_payment_method, requires_confirmation, requires_action");
        call.refuse(unexpectedState(*intent, action, allowed, m_objects));
        return nullptr;
    }
    *expand = listParam(call.params(), QStringLiteral("expand"));
    if (auto refused = StripeObjects::checkExpand(*expand, expandable)) {
        call.refuse(*refused);
        return nullptr;
    }
    return intent;
}

std::optional<QString> IntentsApi::paymentMethodOf(const ApiCall &call, const QString &fallback) const
{
    const QString named = call.param(QStringLiteral("payment_method"));
    if (named.isEmpty())
        return fallback;
    const QString resolved = m_paymentMethods->resolve(named);
    if (resolved.isEmpty()) {
        call.refuse(StripeError::invalid(QStringLiteral("No such PaymentMethod: '%1'").arg(named.left(200)),
                                         QStringLiteral("payment_method"), QStringLiteral("resource_missing")));
        return std::nullopt;
    }
    return resolved;
}

void IntentsApi::confirm(const ApiCall &call, const QString &id)
{
    QStringList expand;
    const PaymentIntent *intent = open(call, id, QStringLiteral("confirm"), &expand);
    if (!intent)
        return;
    const std::optional<QString> paymentMethod = paymentMethodOf(call, intent->paymentMethod);
    if (!paymentMethod)
        return;
    const std::optional<ChargePlan::Step> step = m_confirmer->draw(call);
    if (!step)
        return;
    PaymentIntent *confirmed = m_ledger->intent(id);
    confirmed->paymentMethod = *paymentMethod;
    if (const QString email = call.param(QStringLiteral("receipt_email")); !email.isEmpty())
        confirmed->receiptEmail = email;
    // As on create: without any payment method the account's default card pays (Stripe would refuse).
    m_confirmer->charge(call, id, expand, *step);
}

void IntentsApi::retrieve(const ApiCall &call, const QString &id) const
{
    QStringList expand;
    if (const PaymentIntent *intent = open(call, id, {}, &expand))
        call.answer(jsonResponse(200, m_objects->intent(*intent, expand)));
}

void IntentsApi::cancel(const ApiCall &call, const QString &id)
{
    QStringList expand;
    PaymentIntent *intent = open(call, id, QStringLiteral("cancel"), &expand);
    if (!intent)
        return;
    intent->status = QStringLiteral("canceled");
    intent->canceledAt = QDateTime::currentSecsSinceEpoch();
    intent->cancellationReason = call.param(QStringLiteral("cancellation_reason"));
    m_searchIndex->update(m_objects->intent(*intent));
    call.answer(jsonResponse(200, m_objects->intent(*intent, expand)));
}

} // namespace boxoffice::fakepay
