#pragma once

#include <QLocale>
#include <QString>

namespace boxoffice {

// How many minor units a currency's major unit has, as ISO 4217 says: 2 for most (EUR cents), 0 for
// JPY or ISK, 3 for BHD or KWD. Amounts are always kept in minor units; this only says how to show them.
int currencyExponent(const QString &currency);
qint64 minorUnitsPerMajor(const QString &currency); // 10 to the exponent: 100 for EUR, 1 for JPY

// The sign people know a currency by: "€", "£", "$", "¥"; any other currency by its code ("CHF").
QString currencySymbol(const QString &currency);

// Money for people: integer minor units in, text out, never through a floating-point number. In
// English (and the C locale) "€1,234.50", "-€1.50", "¥1,200", "CHF 12.50"; elsewhere the locale's
// separators and its place for the symbol ("1.234,50 €" in German). Every program shows money
// through this one function.
QString formatMoney(qint64 amountMinor, const QString &currency, const QLocale &locale = QLocale());

} // namespace boxoffice
