#include "ui/common/money.h"

#include <QCoreApplication>

namespace boxoffice {

QString unreadableMoneyMessage(const QString &typed, const QString &currency, const QLocale &locale)
{
    // The larger example shows where the locale's group separator goes, so it is grouped even where
    // the locale would not group by default; both have the currency's own number of decimals.
    const Money small(100 * minorUnitsPerMajor(currency), currency);
    const Money larger(1234 * minorUnitsPerMajor(currency) + minorUnitsPerMajor(currency) / 2, currency);
    QLocale grouped = locale;
    grouped.setNumberOptions({});
    QString largerText = grouped.toString(qlonglong(1234));
    if (larger.exponent() > 0)
        largerText += locale.decimalPoint() + larger.inputText(locale).section(locale.decimalPoint(), 1);
    return QCoreApplication::translate("Money", "“%1” is not an amount. Type digits only, such as %2 or %3.")
        .arg(typed.trimmed().left(24), small.inputText(locale), largerText);
}

} // namespace boxoffice
