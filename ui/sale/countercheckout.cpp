#include "ui/sale/countercheckout.h"

#include "ui/common/clerkerror.h"
#include "ui/common/databasecalls.h"
#include "ui/common/statewords.h"
#include "ui/sale/paymentdialog.h"
#include "ui/sale/serverclock.h"

namespace boxoffice {

namespace {

QString nothingHeld()
{
    return CounterCheckout::tr("Nothing in this sale is held any more (the holds ran out or were given back): "
                               "nothing was sold; take no payment.");
}

} // namespace

CounterCheckout::CounterCheckout(ServerClock &clock, QObject *parent) : QObject(parent), m_clock(clock)
{
    m_refresh.setInterval(refreshMs);
    connect(&m_refresh, &QTimer::timeout, this, &CounterCheckout::refreshQuote);
}

Result<CartQuote> CounterCheckout::readQuote(const CartId &cart)
{
    auto quote = m_calls([&] { return m_sales->quote(cart); });
    if (quote)
        emit quoteRead(quote.value());
    return quote;
}

CounterCheckout::Outcome CounterCheckout::run(const Request &request)
{
    if (!m_sales)
        return {std::nullopt, tr("Not connected to the server: nothing was sold.")};
    auto quote = readQuote(request.cart);
    if (!quote)
        return {std::nullopt, ClerkError::text(quote.error()), ClerkError::meansConnectionLost(quote.error())};
    PaymentMethod method = request.method;
    QString notice;
    for (;;) {
        if (quote->isEmpty())
            return {std::nullopt, nothingHeld()};
        PaymentDialog dialog(quote.value(), method, request.parent, request.allowGuarantee);
        dialog.setNotice(notice);
        dialog.setServerNow(m_clock.now());
        if (!dialog.closeReason().isEmpty())
            return {std::nullopt, dialog.closeReason()};
        connect(&m_clock, &ServerClock::ticked, &dialog, &PaymentDialog::setServerNow);
        m_open = &dialog;
        m_openCart = request.cart;
        m_refresh.start();
        const bool accepted = request.hook ? request.hook(dialog) : dialog.exec() == QDialog::Accepted;
        m_refresh.stop();
        m_open = nullptr;
        // A dialog that closed itself (a hold ran out, the cart emptied) sells nothing, whatever the
        // button pressed last.
        if (!dialog.closeReason().isEmpty())
            return {std::nullopt, dialog.closeReason()};
        if (!accepted)
            return {};

        const CartQuote seen = dialog.quote();
        const CounterPayment payment = dialog.payment();
        auto sale = m_calls([&] { return m_sales->sell(request.cart, payment, seen); });
        if (sale) {
            m_lastPayment = payment;
            return {sale.value(), {}};
        }
        if (sale.error().code != ErrorCode::Conflict)
            return {std::nullopt, ClerkError::text(sale.error()), ClerkError::meansConnectionLost(sale.error())};
        // Refused because the cart is not what was shown: show what it is now, for the clerk to accept.
        quote = readQuote(request.cart);
        if (!quote)
            return {std::nullopt, ClerkError::text(sale.error())};
        if (!quote->isEmpty() && compareQuotes(seen, quote.value()).isEmpty())
            return {std::nullopt,
                    ClerkError::text(sale.error())}; // a conflict of another kind: the same quote would fail again
        notice = ClerkError::text(sale.error());
        method = payment.method;
    }
}

void CounterCheckout::refreshQuote()
{
    if (!m_open || !m_sales || DatabaseWaits::instance().waiting())
        return; // the next tick reads it
    const auto quote = readQuote(m_openCart);
    if (!m_open)
        return;
    if (!quote) {
        m_open->setNotice(tr("Could not re-read this sale from the server just now (%1) Selling still checks it.")
                              .arg(ClerkError::text(quote.error())));
        return;
    }
    if (quote->isEmpty()) {
        m_open->endSale(nothingHeld());
        return;
    }
    const QuoteChange change = compareQuotes(m_open->quote(), quote.value());
    if (!change.gone.isEmpty()) {
        // A unit left the sale while it was open: what the buyer agreed to is no longer on offer.
        m_open->endSale(tr("The hold on %1 ran out or was given back before the sale: nothing was sold and no "
                           "money is due. Hold the seats again to sell them.")
                            .arg(change.gone.join(QStringLiteral(", "))));
        return;
    }
    m_open->showQuote(
        quote.value(),
        change.isEmpty()
            ? QString()
            : tr("This sale changed while it was open (%1): tell the buyer the new total.").arg(changeWords(change)));
}

} // namespace boxoffice
