#pragma once

#include "domain/moneytext.h"

#include <QLocale>
#include <QString>

#include <optional>

namespace boxoffice {

// An exact amount of one currency: integer minor units (cents, yen, fils) and the ISO 4217 code.
// It never passes through a floating-point number, and it knows its currency's own number of
// decimals, so what is typed, stored, charged and shown agree for euros, yen and dinars alike.
// Sums refuse to mix currencies instead of adding euros to pounds.
class Money
{
public:
    Money() = default; // zero of no stated currency
    Money(qint64 minor, const QString &currency);

    qint64 minor() const { return m_minor; }
    const QString &currency() const { return m_currency; } // upper case, "EUR"; empty: not stated
    int exponent() const { return currencyExponent(m_currency); } // decimals: 2 for EUR, 0 for JPY

    bool isZero() const { return m_minor == 0; }
    bool isNegative() const { return m_minor < 0; }
    bool sameCurrency(const Money &other) const { return m_currency == other.m_currency; }
    // Another amount of this currency: what a sum computed in minor units becomes again.
    Money withMinor(qint64 minor) const { return Money(minor, m_currency, AlreadyUpperCase{}); }

    // For people: "€1,234.50", "-€1.50", "1.234,50 €" (formatMoney, the one formatter).
    QString text(const QLocale &locale = QLocale()) const;
    // As a clerk types it: "1234.50" (or "1234,50"), no symbol, no grouping, whole amounts without
    // decimals; read() reads it back.
    QString inputText(const QLocale &locale = QLocale()) const;

    // What a clerk typed for an amount of `currency`, read strictly in `locale`: its decimal and
    // group separators ("1,234.50" in English, "1.234,50" in German), at most the currency's
    // decimals (none for yen), and an optional currency symbol or code before or after ("€ 85",
    // "85,00 EUR"). No sign, exponent, letters or stray spaces: "-200", "1e3", "2x00" and "2OO" are
    // unreadable, never some other number. Empty when unreadable, too large, or blank.
    static std::optional<Money> read(const QString &typed, const QString &currency, const QLocale &locale = QLocale());

    // Sums and differences within one currency; empty when the currencies differ or the result
    // would not fit.
    std::optional<Money> plus(const Money &other) const;
    std::optional<Money> minus(const Money &other) const;

    friend bool operator==(const Money &a, const Money &b)
    {
        return a.m_minor == b.m_minor && a.m_currency == b.m_currency;
    }
    friend bool operator!=(const Money &a, const Money &b) { return !(a == b); }

private:
    struct AlreadyUpperCase
    { };
    Money(qint64 minor, const QString &currency, AlreadyUpperCase) : m_minor(minor), m_currency(currency) { }

    qint64 m_minor = 0;
    QString m_currency;
};

} // namespace boxoffice
