#include "paymentmethods.h"

#include "apicall.h"
#include "fakepaylogging.h"
#include "ids.h"
#include "paramschema.h"

#include <QDate>
#include <QDateTime>
#include <QMessageAuthenticationCode>

namespace boxoffice::fakepay {

namespace {

// Stripe answers a bad card as a card_error with a 402, not as an invalid request.
StripeError cardRefusal(const QString &code, const QString &message, const QString &param)
{
    StripeError error = StripeError::invalid(message, param, code);
    error.status = 402;
    error.type = QStringLiteral("card_error");
    return error;
}

QString brandOf(const QString &digits)
{
    const int two = digits.left(2).toInt();
    const int four = digits.left(4).toInt();
    if (digits.startsWith(QLatin1Char('4')))
        return QStringLiteral("visa");
    if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720))
        return QStringLiteral("mastercard");
    if (two == 34 || two == 37)
        return QStringLiteral("amex");
    return QStringLiteral("unknown");
}

QString declineCodeOf(const QString &digits)
{
    static const QHash<QString, QString> declining{
        {QStringLiteral("4000000000000002"), QStringLiteral("generic_decline")},
        {QStringLiteral("4000000000009995"), QStringLiteral("insufficient_funds")},
        {QStringLiteral("4000000000009987"), QStringLiteral("lost_card")},
        {QStringLiteral("4000000000009979"), QStringLiteral("stolen_card")},
    };
    return declining.value(digits);
}

QString testCardNumber(const QString &testId)
{
    static const QHash<QString, QString> numbers{
        {QStringLiteral("pm_card_visa"), QStringLiteral("4242424242424242")},
        {QStringLiteral("pm_card_mastercard"), QStringLiteral("5555555555554444")},
        {QStringLiteral("pm_card_amex"), QStringLiteral("378282246310005")},
        {QStringLiteral("pm_card_chargeDeclined"), QStringLiteral("4000000000000002")},
        {QStringLiteral("pm_card_chargeDeclinedInsufficientFunds"), QStringLiteral("4000000000009995")},
    };
    return numbers.value(testId);
}

} // namespace

PaymentMethods::PaymentMethods(QByteArray fingerprintSecret) : m_secret(std::move(fingerprintSecret)) { }

QString PaymentMethods::digitsOf(const QString &number)
{
    QString digits;
    for (const QChar c : number) {
        if (c.isDigit())
            digits += QLatin1Char(char('0' + c.digitValue()));
        else if (c.isSpace() || c.category() == QChar::Other_Format || c == QLatin1Char('-') || c == QLatin1Char('.')
                 || c == QLatin1Char('/'))
            continue;
        else
            return {};
    }
    return digits;
}

bool PaymentMethods::passesLuhn(const QString &digits)
{
    int sum = 0;
    bool doubled = false;
    for (qsizetype i = digits.size() - 1; i >= 0; --i) {
        int digit = digits.at(i).digitValue();
        if (doubled && (digit *= 2) > 9)
            digit -= 9;
        sum += digit;
        doubled = !doubled;
    }
    return !digits.isEmpty() && sum % 10 == 0;
}

QString PaymentMethods::fingerprintOf(const QString &digits) const
{
    // 96 bits of the MAC: no two cards a test or a demo will ever see share one.
    const QByteArray mac
        = QMessageAuthenticationCode::hash("card:" + digits.toLatin1(), m_secret, QCryptographicHash::Sha256);
    return QString::fromLatin1(mac.left(12).toHex());
}

PaymentMethods::Card &PaymentMethods::add(const QString &digits, int expMonth, int expYear)
{
    Card made;
    made.id = randomId(QStringLiteral("pm_"));
    made.fingerprint = fingerprintOf(digits);
    made.last4 = digits.right(4);
    made.brand = brandOf(digits);
    made.expMonth = expMonth;
    made.expYear = expYear;
    made.created = QDateTime::currentSecsSinceEpoch();
    made.declineCode = declineCodeOf(digits);
    qCInfo(lcFakepay).noquote() << "payment method" << made.id << made.brand << made.last4;
    return *m_cards.insert(made.id, made);
}

void PaymentMethods::create(const ApiCall &call)
{
    const QJsonObject card = call.params().value(QStringLiteral("card")).toObject();
    if (card.isEmpty())
        return call.refuse(StripeError::missingParameter(QStringLiteral("card")));

    const QString digits = digitsOf(card.value(QStringLiteral("number")).toString());
    if (digits.size() < 12 || digits.size() > 19 || !passesLuhn(digits))
        return call.refuse(cardRefusal(QStringLiteral("incorrect_number"),
                                       QStringLiteral("Your card number is incorrect."),
                                       QStringLiteral("card[number]")));
    const int month = int(card.value(QStringLiteral("exp_month")).toString().toLongLong());
    if (month < 1 || month > 12)
        return call.refuse(cardRefusal(QStringLiteral("invalid_expiry_month"),
                                       QStringLiteral("Your card's expiration month is invalid."),
                                       QStringLiteral("card[exp_month]")));
    int year = int(card.value(QStringLiteral("exp_year")).toString().toLongLong());
    if (year >= 0 && year < 100)
        year += 2000; // Stripe takes two-digit years
    const QDate today = QDateTime::currentDateTimeUtc().date();
    if (year < today.year() || year > today.year() + 50 || (year == today.year() && month < today.month()))
        return call.refuse(cardRefusal(QStringLiteral("invalid_expiry_year"),
                                       QStringLiteral("Your card's expiration year is invalid."),
                                       QStringLiteral("card[exp_year]")));

    Card &made = add(digits, month, year);
    made.billingDetails = call.params().value(QStringLiteral("billing_details")).toObject();
    made.metadata = metadataParam(call.params());
    call.answer(jsonResponse(200, cardJson(made)));
}

void PaymentMethods::retrieve(const ApiCall &call, const QString &id) const
{
    const Card *card = find(id);
    if (!card)
        return call.refuse(StripeError::notFound(QStringLiteral("PaymentMethod"), id));
    call.answer(jsonResponse(200, cardJson(*card)));
}

const PaymentMethods::Card *PaymentMethods::find(const QString &id) const
{
    const auto found = m_cards.constFind(id);
    return found == m_cards.cend() ? nullptr : &*found;
}

QString PaymentMethods::resolve(const QString &id)
{
    if (m_cards.contains(id))
        return id;
    const QString number = testCardNumber(id);
    if (number.isEmpty())
        return {};
    return add(number, 12, QDate::currentDate().year() + 3).id;
}

QJsonObject PaymentMethods::cardJson(const Card &card)
{
    const QJsonObject address{
        {QStringLiteral("city"), QJsonValue::Null},        {QStringLiteral("country"), QJsonValue::Null},
        {QStringLiteral("line1"), QJsonValue::Null},       {QStringLiteral("line2"), QJsonValue::Null},
        {QStringLiteral("postal_code"), QJsonValue::Null}, {QStringLiteral("state"), QJsonValue::Null}};
    QJsonObject billing{{QStringLiteral("address"), address},
                        {QStringLiteral("email"), QJsonValue::Null},
                        {QStringLiteral("name"), QJsonValue::Null},
                        {QStringLiteral("phone"), QJsonValue::Null}};
    for (auto it = card.billingDetails.constBegin(); it != card.billingDetails.constEnd(); ++it) {
        if (it.key() == QLatin1String("address")) {
            QJsonObject merged = address;
            const QJsonObject given = it.value().toObject();
            for (auto line = given.constBegin(); line != given.constEnd(); ++line)
                merged.insert(line.key(), line.value());
            billing.insert(it.key(), merged);
        } else {
            billing.insert(it.key(), it.value());
        }
    }
    return {
        {QStringLiteral("id"), card.id},
        {QStringLiteral("object"), QStringLiteral("payment_method")},
        {QStringLiteral("type"), QStringLiteral("card")},
        {QStringLiteral("billing_details"), billing},
        {QStringLiteral("created"), card.created},
        {QStringLiteral("customer"), QJsonValue::Null},
        {QStringLiteral("livemode"), false},
        {QStringLiteral("metadata"), card.metadata},
        {QStringLiteral("card"),
         QJsonObject{{QStringLiteral("brand"), card.brand},
                     {QStringLiteral("last4"), card.last4},
                     {QStringLiteral("exp_month"), card.expMonth},
                     {QStringLiteral("exp_year"), card.expYear},
                     {QStringLiteral("fingerprint"), card.fingerprint},
                     {QStringLiteral("funding"), QStringLiteral("credit")}}},
    };
}

} // namespace boxoffice::fakepay
