#pragma once

#include <QString>

#include <optional>

namespace boxoffice {

// Money on screen: integer minor units in, text out, and back. Never a floating-point amount.
QString formatMoney(qint64 amountMinor, const QString &currency);
// "85", "85.5", "85,50", "€ 85.00": what a clerk types for cash handed over. Empty when unreadable.
std::optional<qint64> parseMoney(const QString &text);

} // namespace boxoffice
