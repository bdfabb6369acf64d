// Price types and house seats at the desk: the type a held seat sells at (a comp only with a manager and
// a reason, which the database enforces), and a manager taking seats off sale for the house, the press
// or a technical kill, and putting them back.

#include "ui/desk/deskwindow.h"

#include "ui/common/money.h"
#include "ui/desk/householddialog.h"
#include "ui/desk/liveseatmap.h"
#include "ui/desk/pricetypesdialog.h"
#include "ui/sale/cartmodel.h"
#include "ui/seatmap/seatmapscene.h"

#include <QHBoxLayout>
#include <QInputDialog>
#include <QPushButton>

namespace boxoffice {

namespace {

QString labelsOf(const QVector<SeatRef> &seats)
{
    QStringList labels;
    for (const SeatRef &seat : seats)
        labels << seat.label;
    return labels.join(QStringLiteral(", "));
}

} // namespace

QWidget *DeskWindow::buildHouseBar()
{
    m_houseBar = new QWidget;
    m_houseBar->setObjectName(QStringLiteral("houseBar"));
    auto *row = new QHBoxLayout(m_houseBar);
    row->setContentsMargins(0, 0, 0, 0);
    auto *hold = new QPushButton(tr("Hold for &house…"));
    hold->setObjectName(QStringLiteral("houseHold"));
    hold->setToolTip(tr("Take the seats selected on the map off sale for the house, press or a technical kill"));
    auto *release = new QPushButton(tr("Release house seats"));
    release->setObjectName(QStringLiteral("houseRelease"));
    release->setToolTip(tr("Put the house seats selected on the map back on sale"));
    auto *prices = new QPushButton(tr("&Prices…"));
    prices->setObjectName(QStringLiteral("priceTypesButton"));
    prices->setToolTip(tr("Set this event's adult, child and concession prices per band"));
    row->addWidget(hold);
    row->addWidget(release);
    row->addWidget(prices);
    connect(prices, &QPushButton::clicked, this, &DeskWindow::editPriceTypes);
    connect(hold, &QPushButton::clicked, this, &DeskWindow::holdForHouse);
    connect(release, &QPushButton::clicked, this, &DeskWindow::releaseHouseSeats);
    // Queued: the combo closes before a comp's reason is asked for and the server answers.
    connect(m_cart, &CartModel::priceTypeRequested, this, &DeskWindow::choosePriceType, Qt::QueuedConnection);
    updateHouseBar();
    return m_houseBar;
}

void DeskWindow::updateHouseBar()
{
    // A clerk never sees a manager's actions; the database refuses them to a clerk anyway.
    if (m_houseBar)
        m_houseBar->setVisible(m_staff.role == StaffRole::Manager && m_services.house);
}

void DeskWindow::loadPriceTypes()
{
    updateHouseBar();
    if (!m_services.priceTypes || !m_live->loaded()) {
        m_cart->setTypePrices({});
        return;
    }
    const EventId event = m_live->event();
    const auto prices = m_services.calls([&] { return m_services.priceTypes->prices(event); });
    // Without them every seat still sells at its band's price: the column just offers nothing else.
    m_cart->setTypePrices(prices ? prices.value() : QVector<TypePrice>{});
}

void DeskWindow::choosePriceType(UnitId unit, PriceType type)
{
    if (!m_connected || !m_services.priceTypes)
        return;
    QString label;
    for (const CartEntry &entry : m_cart->entries()) {
        if (entry.unit == unit)
            label = entry.label;
    }
    PriceTypeChoice choice{m_cartId, unit, type, {}};
    if (type == PriceType::Complimentary) {
        choice.compReason = compReasonHook
            ? compReasonHook(label)
            : QInputDialog::getText(this, tr("Complimentary seat"),
                                    tr("Why is %1 given away? (recorded with the manager's name)").arg(label));
        if (choice.compReason.trimmed().isEmpty()) {
            showMessage(tr("No comp for %1: a complimentary seat needs a reason.").arg(label), true);
            return;
        }
    }
    const auto charged = m_services.calls([&] { return m_services.priceTypes->choose(choice); });
    if (!charged) {
        switch (charged.error().code) {
        case ErrorCode::PermissionDenied:
            showMessage(tr("A complimentary seat needs a manager: ask a manager to sign in at this desk."), true);
            break;
        case ErrorCode::Lost:
            showMessage(tr("Seat %1 is no longer held by this sale.").arg(label), true);
            break;
        case ErrorCode::NotFound:
            showMessage(tr("Seat %1 has no %2 price for this event.").arg(label, priceTypeText(type).toLower()), true);
            break;
        default:
            showMessage(charged.error().message, true);
        }
        return;
    }
    m_cart->setPriceType(unit, type, charged.value());
    updateCartSummary();
    showMessage(tr("%1 sells as %2: %3.").arg(label, priceTypeText(type), charged->text()));
}

void DeskWindow::holdForHouse()
{
    if (!m_connected || !m_services.house || !m_live->loaded())
        return;
    const QVector<UnitId> units = m_scene->selectedUnits();
    if (units.isEmpty()) {
        showMessage(tr("Select the seats to hold for the house on the map first."), true);
        return;
    }
    QStringList labels;
    for (const UnitId unit : units) {
        if (const auto seat = m_scene->seat(unit))
            labels << seat->label;
    }
    HouseHoldDialog dialog(labels, this);
    if (!(houseHoldHook ? houseHoldHook(dialog) : dialog.exec() == QDialog::Accepted))
        return;
    HouseHoldRequest request{m_live->event(), units, dialog.kind(), dialog.owner(), dialog.note()};
    const auto held = m_services.calls([&] { return m_services.house->hold(request); });
    if (!held) {
        switch (held.error().code) {
        case ErrorCode::PermissionDenied:
            showMessage(tr("Only a manager may hold seats for the house."), true);
            break;
        case ErrorCode::Lost:
            showMessage(tr("Not every selected seat is free: nothing was held for the house."), true);
            break;
        default:
            showMessage(held.error().message, true);
        }
        refreshLiveChanges();
        return;
    }
    for (const SeatRef &seat : held.value())
        m_scene->applyChange(SeatChange{seat.unit, SeatState::House, {}, {}});
    m_scene->clearSelection();
    showMessage(tr("Held %1 for %2 (%3): off sale until released.")
                    .arg(labelsOf(held.value()), request.owner, houseKindText(request.kind).toLower()));
}

void DeskWindow::releaseHouseSeats()
{
    if (!m_connected || !m_services.house || !m_live->loaded())
        return;
    QVector<UnitId> units;
    for (const UnitId unit : m_scene->selectedUnits()) {
        if (const auto seat = m_scene->seat(unit); seat && seat->state == SeatState::House)
            units << unit;
    }
    if (units.isEmpty()) {
        showMessage(tr("Select house seats on the map first."), true);
        return;
    }
    const EventId event = m_live->event();
    const auto released = m_services.calls([&] { return m_services.house->release(event, units); });
    if (!released) {
        showMessage(released.error().code == ErrorCode::PermissionDenied ? tr("Only a manager may release house seats.")
                                                                         : released.error().message,
                    true);
        return;
    }
    for (const SeatRef &seat : released.value())
        m_scene->applyChange(SeatChange{seat.unit, SeatState::Available, {}, {}});
    m_scene->clearSelection();
    showMessage(tr("Released %1: on sale again.").arg(labelsOf(released.value())));
}

void DeskWindow::editPriceTypes()
{
    if (!m_connected || !m_services.priceTypes || !m_live->loaded())
        return;
    const EventId event = m_live->event();
    const auto prices = m_services.calls([&] { return m_services.priceTypes->prices(event); });
    if (!prices) {
        showMessage(prices.error().message, true);
        return;
    }
    const SeatMap &map = m_scene->seatMap();
    PriceTypesDialog dialog(map.event.name, map.event.currency, prices.value(), this);
    if (!(priceTypesHook ? priceTypesHook(dialog) : dialog.exec() == QDialog::Accepted))
        return;
    const QVector<TypePrice> changes = dialog.changes();
    for (const TypePrice &price : changes) {
        const auto status = m_services.calls(
            [&] { return m_services.priceTypes->setPrice(event, price.bandCode, price.type, price.amount); });
        if (!status) {
            showMessage(status.error().code == ErrorCode::PermissionDenied ? tr("Only a manager may set prices.")
                                                                           : status.error().message,
                        true);
            loadPriceTypes();
            return;
        }
    }
    loadPriceTypes();
    showMessage(changes.isEmpty() ? tr("No price changed.") : tr("%n price(s) saved.", nullptr, int(changes.size())));
}

} // namespace boxoffice
