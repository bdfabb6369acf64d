// The sale flow of the desk window: holding (click, selection, best available), giving back, extending,
// taking the money and handing out tickets, and what the clock and other channels take away.

#include "ui/desk/deskwindow.h"

#include "domain/bestavailablehold.h"
#include "tickets/ticketpdfwriter.h"
#include "ui/common/clerkerror.h"
#include "ui/common/money.h"
#include "ui/desk/connectionbanner.h"
#include "ui/desk/liveseatmap.h"
#include "ui/desk/placestablespanel.h"
#include "ui/frontdesk/frontdeskpanel.h"
#include "ui/sale/cartmodel.h"
#include "ui/sale/countercheckout.h"
#include "ui/sale/paymentdialog.h"
#include "ui/sale/serverclock.h"
#include "ui/seatmap/seatmapscene.h"
#include "ui/seatmap/seatmapview.h"

#include <QComboBox>
#include <QDesktopServices>
#include <QDir>
#include <QItemSelectionModel>
#include <QRandomGenerator>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QUrl>
#include <QUuid>

namespace boxoffice {

namespace {

QString joinLabels(const QStringList &labels)
{
    return labels.join(QStringLiteral(", "));
}

} // namespace

QVector<CartEntry> DeskWindow::entriesFor(const HoldGrant &grant) const
{
    const SeatMap &map = m_scene->seatMap();
    QVector<CartEntry> entries;
    for (const HeldUnit &held : grant.held) {
        CartEntry entry;
        entry.unit = held.seat.unit;
        entry.label = held.seat.label;
        entry.expiresAt = held.expiresAt;
        entry.price = Money(0, map.event.currency); // until the seat map names its band's price
        if (const auto seat = m_scene->seat(held.seat.unit)) {
            entry.section = map.sections.value(seat->section).name;
            entry.price = map.bands.value(seat->band).price;
            entry.band = map.bands.value(seat->band).code;
        }
        // A seat held again keeps the price type this sale chose for it (the server keeps it too).
        for (const CartEntry &kept : m_cart->entries()) {
            if (kept.unit == entry.unit) {
                entry.priceType = kept.priceType;
                entry.price = kept.price;
            }
        }
        entries << entry;
    }
    return entries;
}

void DeskWindow::holdUnits(const QVector<UnitId> &units)
{
    if (!m_connected || !m_live->loaded())
        return;
    if (units.isEmpty()) {
        showMessage(tr("Select seats on the map first (drag a box, or Ctrl-click seats)."), true);
        return;
    }
    HoldRequest request;
    request.event = m_live->event();
    request.cart = m_cartId;
    request.units = units;
    const auto held = m_services.calls([&] { return m_services.holds->hold(request); });
    if (!held) {
        showError(held.error());
        // The map shows who took it right away, not at the next notification.
        refreshLiveChanges();
        return;
    }
    m_cart->upsert(entriesFor(held.value()));
    QStringList labels;
    for (const HeldUnit &unit : held->held) {
        labels << unit.seat.label;
        m_scene->applyChange(SeatChange{unit.seat.unit, SeatState::Held, m_cartId, unit.expiresAt});
    }
    m_scene->clearSelection();
    showMessage(tr("Held %1.").arg(joinLabels(labels)));
}

void DeskWindow::holdBestAvailable()
{
    if (!m_connected || !m_live->loaded())
        return;
    BestAvailableRequest request;
    request.count = m_bestCount->value();
    if (m_bestSection->currentIndex() > 0)
        request.section = m_bestSection->currentData().toInt();
    if (m_bestBand->currentIndex() > 0)
        request.band = m_bestBand->currentData().toInt();
    HoldRequest base;
    base.event = m_live->event();
    base.cart = m_cartId;
    // Another clerk or the web may take a block between reading the map and claiming it: the claim
    // decides, and the use-case moves on to the next candidate (the same one the web shop calls).
    const SeatMap map = m_scene->seatMap();
    const QVector<double> quality = m_scene->seatQuality();
    const QDateTime now = m_clock.now();
    const auto held = m_services.calls([&] {
        return boxoffice::holdBestAvailable(*m_services.holds, base, map, quality, request, now,
                                            *QRandomGenerator::global());
    });
    if (!held) {
        if (held.error().reason == QLatin1String("seat.no-block")) {
            showMessage(tr("No %1 seats together are free with that choice.").arg(request.count), true);
        } else if (held.error().reason == QLatin1String("seat.blocks-lost")) {
            refreshLiveChanges();
            showMessage(tr("Other buyers took the best %1 blocks while we tried; press Ctrl+B again.")
                            .arg(held.error().args.value(0)),
                        true);
        } else {
            showError(held.error());
        }
        return;
    }
    m_cart->upsert(entriesFor(held->grant));
    QStringList labels;
    for (const HeldUnit &unit : held->grant.held) {
        labels << unit.seat.label;
        m_scene->applyChange(SeatChange{unit.seat.unit, SeatState::Held, m_cartId, unit.expiresAt});
    }
    // The clerk points the buyer at the seats: zoom to them, with the rows around for context.
    m_view->showUnits(held->block);
    showMessage(held->lostBlocks == 0 ? tr("Held %1.").arg(joinLabels(labels))
                                      : tr("Held %1 (%2 better blocks went to other buyers first).")
                                            .arg(joinLabels(labels))
                                            .arg(held->lostBlocks));
}

void DeskWindow::releaseSelection()
{
    QVector<CartEntry> chosen;
    const auto rows = m_cartView->selectionModel()->selectedRows();
    for (const QModelIndex &row : rows)
        chosen << m_cart->entries().at(row.row());
    // Nothing chosen: the whole sale, every kind, goes back in one call.
    releaseEntries(chosen.isEmpty() ? m_cart->entries() : chosen);
}

void DeskWindow::releaseUnits(const QVector<UnitId> &units)
{
    if (!m_connected || units.isEmpty())
        return;
    const CartId cart = m_cartId;
    const auto released = m_services.calls([&] { return m_services.holds->release(cart, units); });
    if (!released) {
        showError(released.error());
        return;
    }
    QStringList labels;
    for (const SeatRef &seat : released->released) {
        labels << seat.label;
        m_scene->applyChange(SeatChange{seat.unit, SeatState::Available, {}, {}});
    }
    m_cart->remove(units);
    showMessage(labels.isEmpty() ? tr("Nothing to give back: those holds had already ended.")
                                 : tr("Gave back %1; they are on sale again.").arg(joinLabels(labels)));
}

void DeskWindow::extendHolds()
{
    if (!m_connected || m_cart->rowCount() == 0)
        return;
    const CartId cart = m_cartId;
    const auto extended = m_services.calls([&] { return m_services.carts->extend(cart); });
    if (!extended) {
        if (extended.error().code == ErrorCode::LimitReached) {
            m_extensionsLeft = 0;
            updateCartSummary();
            showError(extended.error(),
                      tr("These holds have used every extension allowed: sell now, or give them "
                         "back and hold again."));
        } else if (extended.error().code == ErrorCode::NotFound) {
            showError(extended.error(), tr("Nothing in this sale is held any more (the holds ran out): hold again."));
        } else {
            showError(extended.error());
        }
        return;
    }
    QVector<CartEntry> refreshed;
    for (const CartItem &item : extended->extended) {
        for (CartEntry entry : m_cart->entries()) {
            if (entry.unit == item.id && item.kind == entry.kind) {
                entry.expiresAt = item.expiresAt;
                refreshed << entry;
                if (entry.kind == ItemKind::Seat)
                    m_scene->applyChange(SeatChange{entry.unit, SeatState::Held, m_cartId, item.expiresAt});
            }
        }
    }
    m_cart->upsert(refreshed);
    m_extensionsLeft = extended->extensionsLeft;
    updateCartSummary();
    showMessage(refreshed.isEmpty() ? tr("These holds cannot be extended any further.")
                                    : tr("Extended %n hold(s).", nullptr, int(refreshed.size())));
}

void DeskWindow::sell(bool card)
{
    if (m_pages->currentWidget() == m_frontDesk) {
        m_frontDesk->book(card);
        return;
    }
    if (!m_connected || m_cart->rowCount() == 0) {
        showMessage(m_connected ? tr("Nothing is held for this sale yet: hold seats, standing places or a table first.")
                                : tr("Not connected to the server: nothing can be sold until the connection is back."),
                    true);
        return;
    }
    // The amount due is the server's quote of the cart, not this terminal's idea of it.
    const CounterCheckout::Outcome outcome
        = m_checkout->run({m_cartId, card ? PaymentMethod::Card : PaymentMethod::Cash, false, this, paymentHook});
    if (outcome.sale) {
        finishSale(*outcome.sale, m_checkout->lastPayment());
        return;
    }
    if (outcome.message.isEmpty()) {
        showMessage(tr("No sale: everything in it stays held."));
        return;
    }
    if (outcome.connectionLost) {
        showError(makeError(ErrorCode::Unavailable, outcome.message), outcome.message);
        return;
    }
    showMessage(outcome.message, true);
    refreshLiveChanges();
}

void DeskWindow::finishSale(const CounterSale &sale, const CounterPayment &payment)
{
    for (const OrderLine &line : sale.order.lines) {
        if (line.kind == ItemKind::Seat && line.state == LineState::Sold)
            m_scene->applyChange(SeatChange{line.id, SeatState::Sold, m_cartId, {}});
    }
    QString text = tr("Order %1 sold: %2 charged.").arg(sale.order.id).arg(sale.charged.text());
    if (sale.change.minor() > 0)
        text += QLatin1Char(' ') + tr("Give %1 change.").arg(sale.change.text());
    if (!sale.lost.isEmpty()) {
        QStringList labels;
        for (const OrderLine &line : sale.lost)
            labels << line.label;
        text += QLatin1Char(' ') + tr("%1 had gone to another buyer and was not charged.").arg(joinLabels(labels));
    }
    text += noTicketNote(sale);
    if (!sale.tickets.isEmpty()) {
        const QString folder = m_ticketFolder.isEmpty() ? QDir::tempPath() : m_ticketFolder;
        QDir().mkpath(folder);
        const QString path = QDir(folder).filePath(QStringLiteral("order-%1.pdf").arg(sale.order.id));
        if (auto status = writeTicketsPdf(sale.tickets, path); status) {
            m_lastTicketsPdf = path;
            text += QLatin1Char(' ') + tr("%n ticket(s) saved to %1.", nullptr, int(sale.tickets.size())).arg(path);
        } else {
            qWarning("Desk: tickets not saved to %s: %s", qPrintable(path), qPrintable(status.error().message));
            text += QLatin1Char(' ')
                + tr("The tickets could not be saved to %1: check the folder, then print them "
                     "again from the Orders tab.")
                      .arg(path);
        }
    }
    m_lastTickets = sale.tickets;
    m_lastReceipt = Receipts::forSale(sale, payment, {m_staff.user, terminalName(), m_clock.now()});
    text += printAfterSale();
    m_cart->clear();
    startNewCart();
    m_extras->refreshPools();
    showMessage(text);
}

void DeskWindow::openLastTickets()
{
    if (m_lastTicketsPdf.isEmpty()) {
        showMessage(tr("No tickets printed yet in this session."), true);
        return;
    }
    if (!QDesktopServices::openUrl(QUrl::fromLocalFile(m_lastTicketsPdf)))
        showMessage(tr("No PDF viewer to open %1 with; print it from the file manager.").arg(m_lastTicketsPdf), true);
}

void DeskWindow::startNewCart()
{
    // One cart per sale, so a finished sale's seats never mix with the next buyer's.
    const QString user = m_staff.user.isEmpty() ? QStringLiteral("desk") : m_staff.user;
    QString safeUser;
    for (const QChar c : user)
        safeUser += (c.isLetterOrNumber() && c.unicode() < 128) ? c : QLatin1Char('_');
    m_cartId = QStringLiteral("desk-%1-%2").arg(safeUser.left(24), QUuid::createUuid().toString(QUuid::Id128).left(12));
    if (m_scene)
        m_scene->setMyCarts({m_cartId});
    if (m_extras)
        m_extras->setCart(m_cartId);
    m_extensionsLeft = m_live && m_live->loaded() ? m_scene->seatMap().event.policy.maxExtensions : 0;
    updateCartSummary();
}

void DeskWindow::onSeatActivated(UnitId unit)
{
    if (m_cart->contains(unit)) {
        releaseUnits({unit});
        return;
    }
    const auto seat = m_scene->seat(unit);
    if (!seat)
        return;
    if (!seatIsFree(seat->state, seat->holdExpiresAt, m_clock.now())) {
        if (seat->state == SeatState::House)
            showMessage(tr("Seat %1 is held for the house; a manager can release it.").arg(seat->label), true);
        else
            showMessage(seat->state == SeatState::Sold ? tr("Seat %1 is sold.").arg(seat->label)
                                                       : tr("Seat %1 is held by another buyer.").arg(seat->label),
                        true);
        return;
    }
    holdUnits({unit});
}

void DeskWindow::onSeatChanged(const SeatChange &change)
{
    if (!m_cart->contains(change.unit))
        return;
    if (change.state == SeatState::Held && change.cart == m_cartId)
        return;
    if (change.state == SeatState::Sold && change.cart == m_cartId)
        return;
    // Our hold ran out and someone else claimed the seat: it is no longer ours to sell.
    QString label;
    for (const CartEntry &entry : m_cart->entries()) {
        if (entry.unit == change.unit)
            label = entry.label;
    }
    m_cart->remove({change.unit});
    showMessage(tr("Seat %1 was just taken by another buyer after its hold ran out.").arg(label), true);
}

void DeskWindow::onQuoteRead(const CartQuote &quote)
{
    if (quote.cart != m_cartId)
        return;
    // The server's word on what this cart holds: seats another terminal added appear, and the expiry
    // and price of each are the server's. Standing places and tables keep their rows while the quote
    // lists them (a split standing hold by its lead row) and leave when it no longer does.
    const SeatMap &map = m_scene->seatMap();
    QVector<CartEntry> held;
    QVector<UnitId> live;
    QVector<CartEntry> others;
    for (const CartEntry &entry : m_cart->entries()) {
        if (entry.kind != ItemKind::Seat)
            others << entry;
    }
    QVector<CartEntry> othersGone = others;
    for (const QuoteLine &line : quote.lines) {
        if (line.kind != ItemKind::Seat) {
            for (CartEntry entry : others) {
                if (entry.kind != line.kind || entry.unit != line.id)
                    continue;
                othersGone.removeIf(
                    [&](const CartEntry &gone) { return gone.kind == entry.kind && gone.unit == entry.unit; });
                entry.expiresAt = line.expiresAt;
                if (entry.kind == ItemKind::Slot)
                    entry.price = line.amount;
                held << entry;
            }
            continue;
        }
        CartEntry entry;
        entry.unit = line.id;
        entry.label = line.label;
        entry.price = line.amount;
        entry.expiresAt = line.expiresAt;
        entry.priceType = line.priceType;
        if (const auto seat = m_scene->seat(line.id)) {
            entry.section = map.sections.value(seat->section).name;
            entry.band = map.bands.value(seat->band).code;
        }
        held << entry;
        live << line.id;
    }
    QVector<UnitId> gone;
    for (const UnitId unit : m_cart->units()) {
        if (!live.contains(unit))
            gone << unit;
    }
    m_cart->remove(gone);
    m_cart->removeEntries(othersGone);
    m_cart->upsert(held);
    updateCartSummary();
}

void DeskWindow::onClockTick(const QDateTime &serverNow)
{
    m_cart->setServerNow(serverNow);
    m_scene->setServerNow(serverNow);
    m_banner->tick(QDateTime::currentDateTimeUtc());
    const auto expired = m_cart->expiredAt(serverNow);
    if (expired.isEmpty())
        return;
    QStringList labels;
    for (const CartEntry &entry : expired)
        labels << entry.label;
    m_cart->removeEntries(expired);
    showMessage(tr("The hold on %1 ran out; back on sale.").arg(joinLabels(labels)), true);
}

} // namespace boxoffice
