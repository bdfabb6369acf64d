#include "ui/common/money.h"

#include <QCoreApplication>
#include <QStringList>

#include <algorithm>
#include <limits>

namespace boxoffice {

namespace {

// What a clerk types: amounts in currencies with cents (EUR, GBP, USD, CHF).
constexpr int minorDigits = 2;
constexpr qint64 minorPerMajor = 100;

bool isSpace(QChar c)
{
    return c == QLatin1Char(' ') || c == QChar(0x00A0) || c == QChar(0x202F);
}

// A currency marker may stand before or after the number, once: a symbol or a three-letter code.
QString withoutCurrency(QString text, const QLocale &locale)
{
    QStringList markers{QStringLiteral("€"),
                        QStringLiteral("£"),
                        QStringLiteral("$"),
                        QStringLiteral("EUR"),
                        QStringLiteral("GBP"),
                        QStringLiteral("USD"),
                        QStringLiteral("CHF"),
                        locale.currencySymbol(QLocale::CurrencySymbol),
                        locale.currencySymbol(QLocale::CurrencyIsoCode)};
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

std::optional<qint64> parseMoney(const QString &text, const QLocale &locale)
{
    const QString number = withoutCurrency(text.trimmed(), locale);
    if (number.isEmpty())
        return std::nullopt;
    const QString decimal = locale.decimalPoint();
    const qsizetype point = number.lastIndexOf(decimal);
    const QString whole = point < 0 ? number : number.left(point);
    const QString fraction = point < 0 ? QString() : number.mid(point + decimal.size());
    if (point >= 0 && (fraction.isEmpty() || fraction.size() > minorDigits || !allDigits(fraction)))
        return std::nullopt;
    const auto digits = integerDigits(whole, groupingOf(locale));
    if (!digits)
        return std::nullopt;
    qint64 minor = 0;
    for (const QChar c : *digits + fraction.leftJustified(minorDigits, QLatin1Char('0'))) {
        const int digit = c.unicode() - '0';
        if (minor > (std::numeric_limits<qint64>::max() - digit) / 10)
            return std::nullopt;
        minor = minor * 10 + digit;
    }
    return minor;
}

QString formatMoneyInput(qint64 amountMinor, const QLocale &locale)
{
    const QString major = QString::number(amountMinor / minorPerMajor);
    const qint64 cents = amountMinor % minorPerMajor;
    if (cents == 0)
        return major;
    return major + locale.decimalPoint() + QStringLiteral("%1").arg(cents, minorDigits, 10, QLatin1Char('0'));
}

QString unreadableMoneyMessage(const QString &typed, const QLocale &locale)
{
    // The larger example shows where the locale's group separator goes, so it is grouped even where
    // the locale would not group by default.
    QLocale grouped = locale;
    grouped.setNumberOptions({});
    const QString larger = grouped.toString(qlonglong(1234)) + locale.decimalPoint() + QStringLiteral("50");
    return QCoreApplication::translate("Money", "“%1” is not an amount. Type digits only, such as %2 or %3.")
        .arg(typed.trimmed().left(24), formatMoneyInput(10000, locale), larger);
}

} // namespace boxoffice
