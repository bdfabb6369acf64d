#include "paymentmethods.h"

#include "fakepaylogging.h"

#include <QDate>
#include <QDateTime>
#include <QJsonDocument>
#include <QMessageAuthenticationCode>
#include <QRandomGenerator>

namespace boxoffice::fakepay {

namespace {

HttpResponse json(int status, const QJsonObject &body)
{
    HttpResponse response;
    response.status = status;
    response.body = QJsonDocument(body).toJson(QJsonDocument::Compact);
    return response;
}

HttpResponse refusal(int status, const QString &type, const QString &code, const QString &message,
                     const QString &param = {})
{
    QJsonObject error{
        {QStringLiteral("type"), type}, {QStringLiteral("code"), code}, {QStringLiteral("message"), message}};
    if (!param.isEmpty())
        error.insert(QStringLiteral("param"), param);
    return json(status, {{QStringLiteral("error"), error}});
}

// Stripe answers a bad card number as a card_error with a 402, not as an invalid request.
HttpResponse cardRefusal(const QString &code, const QString &message, const QString &param)
{
    return refusal(402, QStringLiteral("card_error"), code, message, param);
}

HttpResponse invalid(const QString &code, const QString &message, int status = 400)
{
    return refusal(status, QStringLiteral("invalid_request_error"), code, message);
}

QString newId()
{
    static const char alphabet[] = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    QString id = QStringLiteral("pm_");
    for (int i = 0; i < 24; ++i)
        id += QLatin1Char(alphabet[QRandomGenerator::global()->bounded(int(sizeof alphabet - 1))]);
    return id;
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

// -1 unless the value is a whole number in [min, max].
int wholeIn(const QJsonValue &value, int min, int max)
{
    const qint64 number = value.isDouble() ? value.toInteger(-1) : -1;
    return number >= min && number <= max ? int(number) : -1;
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

void PaymentMethods::create(const HttpRequest &request, const HttpResponder &responder)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(request.body, &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject())
        return responder.send(invalid(QStringLiteral("parse_error"), QStringLiteral("The body is not a JSON object.")));
    const QJsonObject params = document.object();
    const QJsonValue type = params.value(QStringLiteral("type"));
    if (!type.isUndefined() && type.toString() != QLatin1String("card"))
        return responder.send(
            invalid(QStringLiteral("parameter_invalid"), QStringLiteral("Only type \"card\" is known.")));
    const QJsonObject card = params.value(QStringLiteral("card")).toObject();
    const QJsonValue number = card.value(QStringLiteral("number"));
    if (!number.isString())
        return responder.send(
            invalid(QStringLiteral("parameter_missing"), QStringLiteral("card[number] is required.")));

    const QString digits = digitsOf(number.toString());
    if (digits.size() < 12 || digits.size() > 19 || !passesLuhn(digits))
        return responder.send(cardRefusal(QStringLiteral("incorrect_number"),
                                          QStringLiteral("Your card number is incorrect."),
                                          QStringLiteral("card[number]")));
    const int month = wholeIn(card.value(QStringLiteral("exp_month")), 1, 12);
    if (month < 0)
        return responder.send(cardRefusal(QStringLiteral("invalid_expiry_month"),
                                          QStringLiteral("Your card's expiration month is invalid."),
                                          QStringLiteral("card[exp_month]")));
    const QDate today = QDateTime::currentDateTimeUtc().date();
    const int year = wholeIn(card.value(QStringLiteral("exp_year")), today.year(), today.year() + 50);
    if (year < 0 || (year == today.year() && month < today.month()))
        return responder.send(cardRefusal(QStringLiteral("invalid_expiry_year"),
                                          QStringLiteral("Your card's expiration year is invalid."),
                                          QStringLiteral("card[exp_year]")));

    Card made;
    made.id = newId();
    made.fingerprint = fingerprintOf(digits);
    made.last4 = digits.right(4);
    made.brand = brandOf(digits);
    made.expMonth = month;
    made.expYear = year;
    made.created = QDateTime::currentSecsSinceEpoch();
    m_cards.insert(made.id, made);
    qCInfo(lcFakepay).noquote() << "payment method" << made.id << made.brand << made.last4;
    responder.send(json(200, cardJson(made)));
}

void PaymentMethods::find(const QString &id, const HttpResponder &responder) const
{
    const auto found = m_cards.constFind(id);
    if (found == m_cards.cend())
        return responder.send(
            invalid(QStringLiteral("resource_missing"), QStringLiteral("No such PaymentMethod: '%1'").arg(id), 404));
    responder.send(json(200, cardJson(*found)));
}

QJsonObject PaymentMethods::cardJson(const Card &card) const
{
    return {
        {QStringLiteral("id"), card.id},
        {QStringLiteral("object"), QStringLiteral("payment_method")},
        {QStringLiteral("type"), QStringLiteral("card")},
        {QStringLiteral("created"), card.created},
        {QStringLiteral("livemode"), false},
        {QStringLiteral("card"),
         QJsonObject{{QStringLiteral("brand"), card.brand},
                     {QStringLiteral("last4"), card.last4},
                     {QStringLiteral("exp_month"), card.expMonth},
                     {QStringLiteral("exp_year"), card.expYear},
                     {QStringLiteral("fingerprint"), card.fingerprint}}},
    };
}

} // namespace boxoffice::fakepay
