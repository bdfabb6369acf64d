#pragma once

#include "domain/money.h"

#include <QLocale>
#include <QString>

namespace boxoffice {

// Money on screen is domain's Money: shown with text() in the desk's locale, typed amounts read back
// strictly with Money::read() in the currency at hand, never through a floating-point number.

// The clerk's message for unreadable text: quotes what was typed and shows two amounts of `currency`
// in the locale's own form.
QString unreadableMoneyMessage(const QString &typed, const QString &currency, const QLocale &locale = QLocale());

} // namespace boxoffice
