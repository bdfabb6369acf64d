// The desk window's mixed cart and its words for trouble: standing places and tables held beside the
// seats, giving back any kind, what a sale of them hands the buyer, refusals in a clerk's words, and
// the connection banner's view of what this sale still holds.

#include "ui/desk/deskwindow.h"

#include "ui/common/clerkerror.h"
#include "ui/desk/connectionbanner.h"
#include "ui/desk/placestablespanel.h"
#include "ui/sale/cartmodel.h"
#include "ui/seatmap/seatmapscene.h"

namespace boxoffice {

void DeskWindow::showError(const DomainError &error, const QString &words)
{
    showMessage(words.isEmpty() ? ClerkError::text(error) : words, true);
    if (!ClerkError::meansConnectionLost(error) || !m_connected)
        return;
    // The call itself found the server gone, maybe before the watch did: warn now and have the
    // owner reconnect.
    onConnectionLost(error.detail.isEmpty() ? error.message : error.detail);
    emit connectionTroubled();
}

void DeskWindow::onExtrasHeld(const QVector<CartEntry> &entries, const QString &message)
{
    m_cart->upsert(entries);
    updateCartSummary();
    showMessage(message);
}

void DeskWindow::releaseEntries(const QVector<CartEntry> &entries)
{
    if (!m_connected || entries.isEmpty())
        return;
    if (entries.size() == m_cart->rowCount()) {
        const CartId cart = m_cartId;
        const auto released = m_services.calls([&] { return m_services.carts->releaseCart(cart); });
        if (!released) {
            showError(released.error());
            return;
        }
        QStringList labels;
        for (const CartItem &item : released->released) {
            if (item.kind == ItemKind::Seat)
                m_scene->applyChange(SeatChange{item.id, SeatState::Available, {}, {}});
        }
        for (const CartEntry &entry : entries)
            labels << entry.label;
        m_cart->clear();
        m_extras->refreshPools();
        showMessage(released->released.isEmpty()
                        ? tr("Nothing to give back: those holds had already ended.")
                        : tr("Gave back %1; they are on sale again.").arg(labels.join(QStringLiteral(", "))));
        return;
    }
    QVector<UnitId> seats;
    QStringList labels;
    QVector<CartEntry> done;
    for (const CartEntry &entry : entries) {
        if (entry.kind == ItemKind::Seat) {
            seats << entry.unit;
            continue;
        }
        const CartId cart = m_cartId;
        Result<int> released = m_services.calls([&] {
            return entry.kind == ItemKind::Pool && m_services.pools ? m_services.pools->release(cart, entry.pool)
                : entry.kind == ItemKind::Slot && m_services.tables ? m_services.tables->releaseSlot(cart, entry.unit)
                                                                    : Result<int>(0);
        });
        if (!released) {
            showError(released.error());
            return;
        }
        labels << entry.label;
        done << entry;
    }
    m_cart->removeEntries(done);
    if (!done.isEmpty())
        m_extras->refreshPools();
    if (!seats.isEmpty()) {
        releaseUnits(seats); // says which seats went back
        if (!labels.isEmpty())
            showMessage(message() + QLatin1Char(' ') + tr("Also gave back %1.").arg(labels.join(QStringLiteral(", "))));
        return;
    }
    showMessage(tr("Gave back %1; they are on sale again.").arg(labels.join(QStringLiteral(", "))));
}

void DeskWindow::updateBannerHolds()
{
    QDateTime first;
    for (const CartEntry &entry : m_cart->entries()) {
        if (entry.expiresAt.isValid() && (!first.isValid() || entry.expiresAt < first))
            first = entry.expiresAt;
    }
    m_banner->setHolds(m_cart->rowCount(), first);
}

QString DeskWindow::noTicketNote(const CounterSale &sale) const
{
    // Tickets are printed for seats only; a standing place or a table is proven by the order itself
    // (its number on the receipt), which is what the clerk tells the buyer.
    QStringList places;
    QStringList tables;
    for (const OrderLine &line : sale.order.lines) {
        if (line.state != LineState::Sold)
            continue;
        if (line.kind == ItemKind::Pool)
            places << line.label;
        else if (line.kind == ItemKind::Slot)
            tables << line.label;
    }
    QString note;
    if (!places.isEmpty())
        note += QLatin1Char(' ')
            + tr("Standing places have no printed ticket: the buyer shows the receipt with order number %1 at the "
                 "door (%2).")
                  .arg(sale.order.id)
                  .arg(places.join(QStringLiteral(", ")));
    if (!tables.isEmpty())
        note += QLatin1Char(' ')
            + tr("The table is booked under order number %1 (%2): the deposit is on the receipt, no ticket.")
                  .arg(sale.order.id)
                  .arg(tables.join(QStringLiteral(", ")));
    return note;
}

} // namespace boxoffice
