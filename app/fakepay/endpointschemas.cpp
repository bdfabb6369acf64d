#include "endpointschemas.h"

namespace boxoffice::fakepay::Schemas {

namespace {

// Stripe's ceiling for one charge in two-decimal currencies (999,999.99).
constexpr qint64 maxAmount = 99999999;
constexpr int maxIdLength = 255;

ParamSchema listCommon()
{
    return {ParamSpec::integer(QStringLiteral("limit"), 1, 100), ParamSpec::timestampRange(QStringLiteral("created")),
            ParamSpec::string(QStringLiteral("starting_after"), maxIdLength),
            ParamSpec::string(QStringLiteral("ending_before"), maxIdLength), ParamSpec::expand()};
}

} // namespace

const ParamSchema &createPaymentIntent()
{
    static const ParamSchema schema{
        ParamSpec::integer(QStringLiteral("amount"), 1, maxAmount).isRequired(),
        ParamSpec::currency(QStringLiteral("currency")).isRequired(),
        ParamSpec::string(QStringLiteral("description"), 1000),
        ParamSpec::metadata(),
        ParamSpec::string(QStringLiteral("payment_method"), maxIdLength),
        ParamSpec::boolean(QStringLiteral("confirm")),
        // The fake never asks for 3-D Secure, so no payment of its ever reaches requires_action.
        ParamSpec::boolean(QStringLiteral("error_on_requires_action")),
        ParamSpec::list(QStringLiteral("payment_method_types"), 50),
        // Only automatic capture: the fake has no separate capture step (Stripe also knows manual).
        ParamSpec::oneOf(QStringLiteral("capture_method"), {QStringLiteral("automatic")}),
        ParamSpec::hash(
            QStringLiteral("automatic_payment_methods"),
            {ParamSpec::boolean(QStringLiteral("enabled")).isRequired(),
             ParamSpec::oneOf(QStringLiteral("allow_redirects"), {QStringLiteral("always"), QStringLiteral("never")})}),
        ParamSpec::string(QStringLiteral("receipt_email"), 800),
        ParamSpec::expand(),
    };
    return schema;
}

const ParamSchema &confirmPaymentIntent()
{
    static const ParamSchema schema{
        ParamSpec::string(QStringLiteral("payment_method"), maxIdLength),
        ParamSpec::string(QStringLiteral("receipt_email"), 800),
        ParamSpec::boolean(QStringLiteral("error_on_requires_action")),
        ParamSpec::expand(),
    };
    return schema;
}

const ParamSchema &cancelPaymentIntent()
{
    static const ParamSchema schema{
        ParamSpec::oneOf(QStringLiteral("cancellation_reason"),
                         {QStringLiteral("duplicate"), QStringLiteral("fraudulent"),
                          QStringLiteral("requested_by_customer"), QStringLiteral("abandoned")}),
        ParamSpec::expand(),
    };
    return schema;
}

const ParamSchema &retrieve()
{
    static const ParamSchema schema{ParamSpec::expand()};
    return schema;
}

const ParamSchema &listPaymentIntents()
{
    static const ParamSchema schema = listCommon();
    return schema;
}

const ParamSchema &searchPaymentIntents()
{
    static const ParamSchema schema{
        ParamSpec::string(QStringLiteral("query"), 5000).isRequired(),
        ParamSpec::integer(QStringLiteral("limit"), 1, 100),
        ParamSpec::string(QStringLiteral("page"), 5000),
        ParamSpec::expand(),
    };
    return schema;
}

const ParamSchema &listCharges()
{
    static const ParamSchema schema = listCommon() << ParamSpec::string(QStringLiteral("payment_intent"), maxIdLength);
    return schema;
}

const ParamSchema &createRefund()
{
    static const ParamSchema schema{
        ParamSpec::string(QStringLiteral("payment_intent"), maxIdLength),
        ParamSpec::string(QStringLiteral("charge"), maxIdLength),
        ParamSpec::integer(QStringLiteral("amount"), 1, maxAmount),
        ParamSpec::oneOf(
            QStringLiteral("reason"),
            {QStringLiteral("duplicate"), QStringLiteral("fraudulent"), QStringLiteral("requested_by_customer")}),
        ParamSpec::metadata(),
        ParamSpec::expand(),
    };
    return schema;
}

const ParamSchema &createPaymentMethod()
{
    static const ParamSchema schema{
        ParamSpec::oneOf(QStringLiteral("type"), {QStringLiteral("card")}).isRequired(),
        // Range and card-number checks are the card's own (402 card_error), as with Stripe.
        ParamSpec::hash(QStringLiteral("card"),
                        {ParamSpec::string(QStringLiteral("number"), 40).isRequired(),
                         ParamSpec::integer(QStringLiteral("exp_month"), -99999, 99999).isRequired(),
                         ParamSpec::integer(QStringLiteral("exp_year"), -99999, 99999).isRequired(),
                         ParamSpec::string(QStringLiteral("cvc"), 4)}),
        ParamSpec::hash(
            QStringLiteral("billing_details"),
            {ParamSpec::string(QStringLiteral("name"), 200), ParamSpec::string(QStringLiteral("email"), 800),
             ParamSpec::string(QStringLiteral("phone"), 50),
             ParamSpec::hash(
                 QStringLiteral("address"),
                 {ParamSpec::string(QStringLiteral("line1"), 200), ParamSpec::string(QStringLiteral("line2"), 200),
                  ParamSpec::string(QStringLiteral("city"), 200), ParamSpec::string(QStringLiteral("state"), 200),
                  ParamSpec::string(QStringLiteral("postal_code"), 20),
                  ParamSpec::string(QStringLiteral("country"), 2)})}),
        ParamSpec::metadata(),
        ParamSpec::expand(),
    };
    return schema;
}

} // namespace boxoffice::fakepay::Schemas
