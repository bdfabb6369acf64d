#include "domain/cartquote.h"

#include <QHash>

namespace boxoffice {

namespace {

using LineKey = QPair<int, qint64>;

LineKey keyOf(const QuoteLine &line)
{
    return {int(line.kind), line.id};
}

} // namespace

QDateTime CartQuote::earliestExpiry() const
{
    QDateTime earliest;
    for (const QuoteLine &line : lines) {
        if (line.expiresAt.isValid() && (!earliest.isValid() || line.expiresAt < earliest))
            earliest = line.expiresAt;
    }
    return earliest;
}

QStringList CartQuote::expiredAt(const QDateTime &serverNow) const
{
    QStringList labels;
    for (const QuoteLine &line : lines) {
        if (line.expiresAt.isValid() && line.expiresAt <= serverNow)
            labels << line.label;
    }
    return labels;
}

CartQuote quoteOfOrder(const OrderSummary &order)
{
    CartQuote quote;
    quote.cart = order.cart;
    quote.total = order.amount;
    quote.currency = order.currency;
    for (const OrderLine &line : order.lines)
        quote.lines << QuoteLine{line.kind, line.id, line.label, line.quantity, line.amount, {}};
    return quote;
}

QString QuoteChange::describe() const
{
    QStringList parts;
    if (!added.isEmpty())
        parts << QStringLiteral("%1 added").arg(added.join(QStringLiteral(", ")));
    if (!gone.isEmpty())
        parts << QStringLiteral("%1 no longer held").arg(gone.join(QStringLiteral(", ")));
    if (!repriced.isEmpty())
        parts << QStringLiteral("%1 at a new price").arg(repriced.join(QStringLiteral(", ")));
    if (parts.isEmpty() && totalOrCurrency)
        parts << QStringLiteral("the total changed");
    return parts.join(QStringLiteral("; "));
}

QuoteChange compareQuotes(const CartQuote &seen, const CartQuote &now)
{
    QuoteChange change;
    QHash<LineKey, const QuoteLine *> shown;
    for (const QuoteLine &line : seen.lines)
        shown.insert(keyOf(line), &line);
    for (const QuoteLine &line : now.lines) {
        const QuoteLine *before = shown.take(keyOf(line));
        if (!before)
            change.added << line.label;
        else if (before->quantity != line.quantity || before->amount.minor() != line.amount.minor())
            change.repriced << line.label;
    }
    for (const QuoteLine &line : seen.lines) {
        if (shown.contains(keyOf(line)))
            change.gone << line.label;
    }
    change.totalOrCurrency = seen.total.minor() != now.total.minor() || seen.currency != now.currency;
    return change;
}

namespace CartQuoteRules {

Status check(const CartQuote &quote, const CartId &cart)
{
    if (quote.cart != cart)
        return makeError(ErrorCode::BadInput,
                         QStringLiteral("The amount shown belongs to another sale; show this one's."));
    if (quote.isEmpty())
        return withReason(
            makeError(ErrorCode::Lost, QStringLiteral("Nothing in this sale is still held: take no payment.")),
            ErrorReason::CartEmpty);
    const auto foreign = [&quote](const Money &amount) {
        return !amount.currency().isEmpty() && !quote.currency.isEmpty() && amount.currency() != quote.currency;
    };
    if (foreign(quote.total))
        return makeError(ErrorCode::BadInput, QStringLiteral("The amount shown is in another currency than the sale."));
    qint64 sum = 0;
    for (const QuoteLine &line : quote.lines) {
        if (foreign(line.amount))
            return makeError(ErrorCode::BadInput,
                             QStringLiteral("The amount shown has a line in another currency than the sale."));
        if (line.amount.isNegative() || line.quantity <= 0)
            return makeError(ErrorCode::BadInput, QStringLiteral("The amount shown has a line that cannot be right."));
        sum += line.amount.minor();
    }
    if (sum != quote.total.minor())
        return makeError(ErrorCode::BadInput, QStringLiteral("The amount shown does not add up; read it again."));
    return Done{};
}

} // namespace CartQuoteRules

} // namespace boxoffice
