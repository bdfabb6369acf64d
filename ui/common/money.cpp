#include "ui/common/money.h"

#include <QLocale>
#include <QRegularExpression>

namespace boxoffice {

namespace {

QString currencySymbol(const QString &currency)
{
    if (currency == QLatin1String("EUR"))
        return QStringLiteral("€");
    if (currency == QLatin1String("GBP"))
        return QStringLiteral("£");
    if (currency == QLatin1String("USD"))
        return QStringLiteral("$");
    return currency + QLatin1Char(' ');
}

} // namespace

QString formatMoney(qint64 amountMinor, const QString &currency)
{
    const bool negative = amountMinor < 0;
    const qint64 absolute = negative ? -amountMinor : amountMinor;
    const QString major = QLocale(QLocale::English).toString(absolute / 100);
    const QString minor = QStringLiteral("%1").arg(absolute % 100, 2, 10, QLatin1Char('0'));
    return (negative ? QStringLiteral("-") : QString()) + currencySymbol(currency.trimmed()) + major
        + QLatin1Char('.') + minor;
}

std::optional<qint64> parseMoney(const QString &text)
{
    QString cleaned = text.trimmed();
    cleaned.remove(QRegularExpression(QStringLiteral("[^0-9.,]")));
    if (cleaned.isEmpty())
        return std::nullopt;
    static const QRegularExpression shape(QStringLiteral("^(\\d{1,9})(?:[.,](\\d{1,2}))?$"));
    const auto match = shape.match(cleaned);
    if (!match.hasMatch())
        return std::nullopt;
    qint64 minor = match.captured(1).toLongLong() * 100;
    QString cents = match.captured(2);
    if (cents.size() == 1)
        cents += QLatin1Char('0');
    minor += cents.toLongLong();
    return minor;
}

} // namespace boxoffice
