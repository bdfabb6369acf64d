#include "domain/moneytext.h"

#include <QStringList>

namespace boxoffice {

QString currencySymbol(const QString &currency)
{
    const QString code = currency.trimmed().toUpper();
    if (code == QLatin1String("EUR"))
        return QStringLiteral("€");
    if (code == QLatin1String("GBP"))
        return QStringLiteral("£");
    if (code == QLatin1String("USD"))
        return QStringLiteral("$");
    if (code == QLatin1String("JPY"))
        return QStringLiteral("¥");
    return code;
}

int currencyExponent(const QString &currency)
{
    static const QStringList none{
        QStringLiteral("BIF"), QStringLiteral("CLP"), QStringLiteral("DJF"), QStringLiteral("GNF"),
        QStringLiteral("ISK"), QStringLiteral("JPY"), QStringLiteral("KMF"), QStringLiteral("KRW"),
        QStringLiteral("PYG"), QStringLiteral("RWF"), QStringLiteral("UGX"), QStringLiteral("VND"),
        QStringLiteral("VUV"), QStringLiteral("XAF"), QStringLiteral("XOF"), QStringLiteral("XPF")};
    static const QStringList three{QStringLiteral("BHD"), QStringLiteral("IQD"), QStringLiteral("JOD"),
                                   QStringLiteral("KWD"), QStringLiteral("LYD"), QStringLiteral("OMR"),
                                   QStringLiteral("TND")};
    const QString code = currency.trimmed().toUpper();
    if (none.contains(code))
        return 0;
    if (three.contains(code))
        return 3;
    return 2;
}

qint64 minorUnitsPerMajor(const QString &currency)
{
    qint64 value = 1;
    for (int i = currencyExponent(currency); i > 0; --i)
        value *= 10;
    return value;
}

QString formatMoney(qint64 amountMinor, const QString &currency, const QLocale &locale)
{
    const QString code = currency.trimmed().toUpper();
    const int exponent = currencyExponent(code);
    const qint64 perMajor = minorUnitsPerMajor(code);
    const bool negative = amountMinor < 0;
    // The magnitude as unsigned, so the most negative amount has one too.
    const quint64 absolute = negative ? quint64(0) - quint64(amountMinor) : quint64(amountMinor);
    const qulonglong major = absolute / quint64(perMajor);
    const QString minor = exponent == 0
        ? QString()
        : QStringLiteral("%1").arg(qulonglong(absolute % quint64(perMajor)), exponent, 10, QLatin1Char('0'));
    const QString sign = negative ? QStringLiteral("-") : QString();
    if (locale.language() == QLocale::C || locale.language() == QLocale::English) {
        const QString number
            = QLocale(QLocale::English).toString(major) + (minor.isEmpty() ? QString() : QLatin1Char('.') + minor);
        // Any code without a symbol of its own stands apart from the number: "CHF 12.50".
        const QString symbol = currencySymbol(code);
        return sign + symbol + (symbol == code ? QStringLiteral(" ") : QString()) + number;
    }
    // Elsewhere the locale's separators and its place for the symbol ("1.234,50 €"): the locale's
    // pattern for one unit, with the number put in, so no amount passes through a double.
    const QString number = locale.toString(major) + (minor.isEmpty() ? QString() : locale.decimalPoint() + minor);
    QString shown = locale.toCurrencyString(qlonglong(negative ? -1 : 1), currencySymbol(code));
    return shown.replace(QLatin1Char('1'), number);
}

} // namespace boxoffice
