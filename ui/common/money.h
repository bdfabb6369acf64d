#pragma once

#include "domain/moneytext.h"

#include <QLocale>
#include <QString>

#include <optional>

namespace boxoffice {

// Money on screen: integer minor units in (formatMoney, domain/moneytext.h, shown in the desk's
// locale), text typed by a clerk back. Never a floating-point amount.

// What a clerk types for an amount, read strictly in `locale`: its decimal and group separators
// ("1,234.50" in English, "1.234,50" in German), at most two decimals, and an optional currency
// symbol or code before or after ("€ 85", "85,00 EUR"). No sign, exponent, letters or stray spaces:
// "-200", "1e3", "2x00" and "2OO" are unreadable, never some other number. Empty when unreadable,
// when too large, or when the text is blank (callers decide what blank means).
std::optional<qint64> parseMoney(const QString &text, const QLocale &locale = QLocale());

// An amount as a clerk would type it in `locale`: "85.50" or "85,50", no symbol, no grouping, so
// that placeholders always show something parseMoney reads back.
QString formatMoneyInput(qint64 amountMinor, const QLocale &locale = QLocale());

// The clerk's message for unreadable text: quotes what was typed and shows two amounts in the
// locale's own form.
QString unreadableMoneyMessage(const QString &typed, const QLocale &locale = QLocale());

} // namespace boxoffice
