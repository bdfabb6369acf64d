#include "domain/money.h"

#include <QStringList>

#include <algorithm>
#include <limits>

namespace boxoffice {

namespace {

bool isSpace(QChar c)
{
    return c == QLatin1Char(' ') || c == QChar(0x00A0) || c == QChar(0x202F);
}

// A currency marker may stand before or after the number, once: the currency's own symbol or code,
// or the locale's symbol when the locale's currency is this one. Another currency's sign is not
// dropped: "$5" at a euro desk is not five euros.
QString withoutCurrency(QString text, const QString &currency, const QLocale &locale)
{
    QStringList markers{currency, currencySymbol(currency)};
    if (locale.currencySymbol(QLocale::CurrencyIsoCode) == currency)
        markers << locale.currencySymbol(QLocale::CurrencySymbol);
    markers.removeAll(QString());
    // Longest first, so "CHF" is not read as a stray "C" and "US$" not as "$".
    std::sort(markers.begin(), markers.end(), [](const QString &a, const QString &b) { return a.size() > b.size(); });
    for (const QString &marker : markers) {
        if (text.startsWith(marker, Qt::CaseInsensitive))
            return text.mid(marker.size()).trimmed();
        if (text.endsWith(marker, Qt::CaseInsensitive))
            return text.left(text.size() - marker.size()).trimmed();
    }
    return text;
}

struct Grouping
{
    QString separator;
    int primary = 3; // digits in the last group: 1,234
    int secondary = 3; // in the groups before it: 3 in most places, 2 in India (12,34,567)
};

// The locale's own grouping, read off a number it formats; QLocale does not expose the sizes.
Grouping groupingOf(const QLocale &locale)
{
    Grouping grouping;
    grouping.separator = locale.groupSeparator();
    const QStringList parts = locale.toString(qlonglong(1234567890123)).split(grouping.separator);
    if (grouping.separator.isEmpty() || parts.size() < 3)
        return grouping;
    grouping.primary = int(parts.at(parts.size() - 1).size());
    grouping.secondary = int(parts.at(parts.size() - 2).size());
    return grouping;
}

bool allDigits(QStringView text)
{
    for (const QChar c : text) {
        if (c < QLatin1Char('0') || c > QLatin1Char('9'))
            return false;
    }
    return !text.isEmpty();
}

// "1234" or "1,234" (with the locale's separator where it belongs); the digits without separators.
std::optional<QString> integerDigits(const QString &text, const Grouping &grouping)
{
    if (allDigits(text))
        return text;
    if (grouping.separator.isEmpty())
        return std::nullopt;
    // A space-like separator (French, Swiss) is typed as whatever space the keyboard gives.
    QString normalised = text;
    if (grouping.separator.size() == 1 && isSpace(grouping.separator.at(0))) {
        for (QChar &c : normalised) {
            if (isSpace(c))
                c = grouping.separator.at(0);
        }
    }
    const QStringList groups = normalised.split(grouping.separator);
    if (groups.size() < 2 || groups.last().size() != grouping.primary)
        return std::nullopt;
    for (qsizetype i = 1; i + 1 < groups.size(); ++i) {
        if (groups.at(i).size() != grouping.secondary)
            return std::nullopt;
    }
    if (groups.first().isEmpty() || groups.first().size() > qMax(grouping.primary, grouping.secondary))
        return std::nullopt;
    const QString digits = groups.join(QString());
    return allDigits(digits) ? std::optional<QString>(digits) : std::nullopt;
}

} // namespace

Money::Money(qint64 minor, const QString &currency) : m_minor(minor), m_currency(currency.trimmed().toUpper()) { }

QString Money::text(const QLocale &locale) const
{
    return formatMoney(m_minor, m_currency, locale);
}

QString Money::inputText(const QLocale &locale) const
{
    const qint64 perMajor = minorUnitsPerMajor(m_currency);
    const QString sign = m_minor < 0 ? QStringLiteral("-") : QString();
    const quint64 absolute = m_minor < 0 ? quint64(0) - quint64(m_minor) : quint64(m_minor);
    const QString major = sign + QString::number(absolute / quint64(perMajor));
    const quint64 fraction = absolute % quint64(perMajor);
    if (fraction == 0)
        return major;
    return major + locale.decimalPoint()
        + QStringLiteral("%1").arg(qulonglong(fraction), exponent(), 10, QLatin1Char('0'));
}

std::optional<Money> Money::read(const QString &typed, const QString &currency, const QLocale &locale)
{
    const QString code = currency.trimmed().toUpper();
    const int decimals = currencyExponent(code);
    const QString number = withoutCurrency(typed.trimmed(), code, locale);
    if (number.isEmpty())
        return std::nullopt;
    const QString decimal = locale.decimalPoint();
    const qsizetype point = number.lastIndexOf(decimal);
    const QString whole = point < 0 ? number : number.left(point);
    const QString fraction = point < 0 ? QString() : number.mid(point + decimal.size());
    if (point >= 0 && (fraction.isEmpty() || fraction.size() > decimals || !allDigits(fraction)))
        return std::nullopt;
    const auto digits = integerDigits(whole, groupingOf(locale));
    if (!digits)
        return std::nullopt;
    qint64 minor = 0;
    for (const QChar c : *digits + fraction.leftJustified(decimals, QLatin1Char('0'))) {
        const int digit = c.unicode() - '0';
        if (minor > (std::numeric_limits<qint64>::max() - digit) / 10)
            return std::nullopt;
        minor = minor * 10 + digit;
    }
    return Money(minor, code);
}

std::optional<Money> Money::plus(const Money &other) const
{
    qint64 sum = 0;
    if (!sameCurrency(other) || __builtin_add_overflow(m_minor, other.m_minor, &sum))
        return std::nullopt;
    return Money(sum, m_currency);
}

std::optional<Money> Money::minus(const Money &other) const
{
    qint64 difference = 0;
    if (!sameCurrency(other) || __builtin_sub_overflow(m_minor, other.m_minor, &difference))
        return std::nullopt;
    return Money(difference, m_currency);
}

} // namespace boxoffice
