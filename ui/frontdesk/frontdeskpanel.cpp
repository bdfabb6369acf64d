#include "ui/frontdesk/frontdeskpanel.h"

#include "ui/common/money.h"
#include "ui/frontdesk/compensationdialog.h"
#include "ui/frontdesk/compensationreport.h"
#include "ui/hotel/arrivalsatriskmodel.h"
#include "ui/hotel/hotelgridview.h"
#include "ui/hotel/staysearchmodel.h"
#include "ui/sale/cartmodel.h"
#include "ui/sale/paymentdialog.h"
#include "ui/sale/serverclock.h"

#include <QComboBox>
#include <QDateEdit>
#include <QFileDialog>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QTabWidget>
#include <QTableView>
#include <QUuid>
#include <QVBoxLayout>

namespace boxoffice {

FrontDeskPanel::FrontDeskPanel(StaffIdentity staff, ServerClock &clock, QWidget *parent)
    : QWidget(parent), m_staff(std::move(staff)), m_clock(clock)
{
    m_stays = new StaySearchModel(this);
    m_arrivals = new ArrivalsAtRiskModel(this);
    buildUi();
    startNewCart();
    connect(&m_clock, &ServerClock::ticked, this, &FrontDeskPanel::onClockTick);
}

void FrontDeskPanel::buildUi()
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Hotel:")));
    m_hotels = new QComboBox;
    m_hotels->setObjectName(QStringLiteral("hotelPicker"));
    m_hotels->setMinimumWidth(240);
    top->addWidget(m_hotels);
    top->addWidget(new QLabel(tr("Drag across the nights of a room type to hold a stay.")));
    top->addStretch();
    layout->addLayout(top);

    auto *splitter = new QSplitter(Qt::Vertical);
    m_grid = new HotelGridView;
    m_grid->setObjectName(QStringLiteral("hotelGrid"));
    splitter->addWidget(m_grid);

    m_tabs = new QTabWidget;
    // Booking at the desk.
    auto *stayPage = new QWidget;
    auto *stayLayout = new QVBoxLayout(stayPage);
    auto *guestRow = new QHBoxLayout;
    guestRow->addWidget(new QLabel(tr("&Guest name:")));
    m_guest = new QLineEdit;
    m_guest->setObjectName(QStringLiteral("guestName"));
    qobject_cast<QLabel *>(guestRow->itemAt(0)->widget())->setBuddy(m_guest);
    guestRow->addWidget(m_guest, 1);
    stayLayout->addLayout(guestRow);
    m_heldText = new QLabel(tr("No stay held."));
    m_heldText->setObjectName(QStringLiteral("heldStay"));
    QFont big = m_heldText->font();
    big.setPointSizeF(big.pointSizeF() * 1.3);
    m_heldText->setFont(big);
    stayLayout->addWidget(m_heldText);
    auto *buttons = new QHBoxLayout;
    m_cashButton = new QPushButton(tr("Book: cash"));
    m_cardButton = new QPushButton(tr("Book: card"));
    m_releaseButton = new QPushButton(tr("Release"));
    buttons->addWidget(m_cashButton);
    buttons->addWidget(m_cardButton);
    buttons->addWidget(m_releaseButton);
    buttons->addStretch();
    stayLayout->addLayout(buttons);

    auto *typed = new QHBoxLayout;
    typed->addWidget(new QLabel(tr("Or type it:")));
    m_typedNights = new QSpinBox;
    m_typedNights->setRange(1, 60);
    m_typedNights->setValue(1);
    m_typedNights->setSuffix(tr(" night(s) from"));
    typed->addWidget(m_typedNights);
    m_typedCheckIn = new QDateEdit(QDate::currentDate());
    m_typedCheckIn->setCalendarPopup(true);
    m_typedCheckIn->setDisplayFormat(QStringLiteral("ddd d MMM yyyy"));
    typed->addWidget(m_typedCheckIn);
    m_typedRoom = new QComboBox;
    typed->addWidget(m_typedRoom);
    auto *typedHold = new QPushButton(tr("&Hold"));
    typed->addWidget(typedHold);
    typed->addStretch();
    stayLayout->addLayout(typed);
    connect(typedHold, &QPushButton::clicked, this, [this] {
        holdTyped(m_typedRoom->currentData().toLongLong(), m_typedCheckIn->date(), m_typedNights->value());
    });

    // Overbooking is data: the sellable limit of the selected nights, a manager's to set.
    auto *capacity = new QHBoxLayout;
    capacity->addWidget(new QLabel(tr("Sellable rooms on the selected nights:")));
    m_sellable = new QSpinBox;
    m_sellable->setRange(0, 10000);
    capacity->addWidget(m_sellable);
    auto *apply = new QPushButton(tr("Set"));
    const bool canChange = m_staff.role == StaffRole::Manager;
    apply->setEnabled(canChange);
    m_sellable->setEnabled(canChange);
    if (!canChange)
        apply->setToolTip(tr("A manager sets how many rooms may be sold."));
    capacity->addWidget(apply);
    capacity->addStretch();
    stayLayout->addLayout(capacity);
    connect(apply, &QPushButton::clicked, this, [this] { setSellableForSelection(m_sellable->value()); });
    stayLayout->addStretch();
    m_tabs->addTab(stayPage, tr("&Stay"));

    // Guests: find, check in and out, move, cancel.
    auto *guestsPage = new QWidget;
    auto *guestsLayout = new QVBoxLayout(guestsPage);
    m_search = new QLineEdit;
    m_search->setObjectName(QStringLiteral("guestSearch"));
    m_search->setPlaceholderText(tr("Name or booking reference, then Enter"));
    guestsLayout->addWidget(m_search);
    m_staysView = new QTableView;
    m_staysView->setModel(m_stays);
    m_staysView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_staysView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_staysView->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_staysView->verticalHeader()->hide();
    guestsLayout->addWidget(m_staysView);
    auto *stayActions = new QHBoxLayout;
    for (const auto &[text, what] : {std::pair{tr("Check &in"), QStringLiteral("in")}, std::pair{tr("Check &out"), QStringLiteral("out")},
                                     std::pair{tr("&Move to the selected nights"), QStringLiteral("move")},
                                     std::pair{tr("Ca&ncel stay"), QStringLiteral("cancel")}}) {
        auto *button = new QPushButton(text);
        connect(button, &QPushButton::clicked, this, [this, what = what] { actOnSelectedStay(what); });
        stayActions->addWidget(button);
    }
    stayActions->addStretch();
    guestsLayout->addLayout(stayActions);
    m_tabs->addTab(guestsPage, tr("&Guests"));

    // Arrivals at risk on an overbooked night: a manager's decisions.
    auto *riskPage = new QWidget;
    auto *riskLayout = new QVBoxLayout(riskPage);
    auto *riskTop = new QHBoxLayout;
    riskTop->addWidget(new QLabel(tr("Night:")));
    m_night = new QDateEdit(QDate::currentDate());
    m_night->setCalendarPopup(true);
    m_night->setDisplayFormat(QStringLiteral("ddd d MMM yyyy"));
    riskTop->addWidget(m_night);
    riskTop->addStretch();
    riskLayout->addLayout(riskTop);
    m_arrivalsView = new QTableView;
    m_arrivalsView->setObjectName(QStringLiteral("arrivalsAtRisk"));
    m_arrivalsView->setModel(m_arrivals);
    m_arrivalsView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_arrivalsView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_arrivalsView->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_arrivalsView->verticalHeader()->hide();
    riskLayout->addWidget(m_arrivalsView);
    auto *riskActions = new QHBoxLayout;
    riskActions->addWidget(new QLabel(tr("To room type:")));
    m_target = new QComboBox;
    riskActions->addWidget(m_target);
    const bool manager = m_staff.role == StaffRole::Manager;
    for (const auto &[text, action] : {std::pair{tr("Move"), OverbookingAction::Move}, std::pair{tr("Upgrade"), OverbookingAction::Upgrade},
                                       std::pair{tr("Walk to a partner…"), OverbookingAction::Walk}}) {
        auto *button = new QPushButton(text);
        button->setEnabled(manager);
        if (!manager)
            button->setToolTip(tr("A manager decides this: ask one to sign in."));
        connect(button, &QPushButton::clicked, this, [this, action = action] {
            const auto rows = m_arrivalsView->selectionModel()->selectedRows();
            resolveArrival(rows.isEmpty() ? 0 : rows.first().row(), action, m_target->currentData().toLongLong());
        });
        riskActions->addWidget(button);
    }
    riskActions->addStretch();
    riskLayout->addLayout(riskActions);
    m_tabs->addTab(riskPage, tr("&Arrivals at risk"));

    m_report = new CompensationReport;
    m_tabs->addTab(m_report, tr("&Compensations"));

    // The checkout saga's queue: paid, a unit could not be delivered, the money went back.
    auto *casesPage = new QWidget;
    auto *casesLayout = new QVBoxLayout(casesPage);
    casesLayout->addWidget(new QLabel(tr("Buyers who paid for something they could not get (refunded automatically): "
                                         "call them, then mark the case done.")));
    m_cases = new QTableWidget(0, 5);
    m_cases->setObjectName(QStringLiteral("refundCases"));
    m_cases->setHorizontalHeaderLabels({tr("Order"), tr("What"), tr("Amount"), tr("Refund"), tr("Why")});
    m_cases->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_cases->verticalHeader()->hide();
    m_cases->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_cases->setSelectionBehavior(QAbstractItemView::SelectRows);
    casesLayout->addWidget(m_cases);
    auto *contacted = new QPushButton(tr("Buyer contacted: close the case"));
    casesLayout->addWidget(contacted, 0, Qt::AlignLeft);
    connect(contacted, &QPushButton::clicked, this, [this] {
        const auto rows = m_cases->selectionModel()->selectedRows();
        closeRefundCase(rows.isEmpty() ? -1 : rows.first().row());
    });
    m_tabs->addTab(casesPage, tr("&Refund cases"));
    splitter->addWidget(m_tabs);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    layout->addWidget(splitter, 1);
    m_message = new QLabel;
    m_message->setObjectName(QStringLiteral("frontDeskMessage"));
    m_message->setWordWrap(true);
    layout->addWidget(m_message);

    connect(m_hotels, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_hotel = index < 0 ? 0 : m_hotels->itemData(index).toLongLong();
        loadCalendar();
    });
    connect(m_grid, &HotelGridView::rangeSelected, this, &FrontDeskPanel::holdRange);
    connect(m_cashButton, &QPushButton::clicked, this, [this] { book(false); });
    connect(m_cardButton, &QPushButton::clicked, this, [this] { book(true); });
    connect(m_releaseButton, &QPushButton::clicked, this, &FrontDeskPanel::releaseHeldStay);
    connect(m_search, &QLineEdit::returnPressed, this, [this] { findGuests(m_search->text()); });
    connect(m_night, &QDateEdit::dateChanged, this, &FrontDeskPanel::showArrivalsAtRisk);
    connect(m_report, &CompensationReport::exportRequested, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export compensations"), QStringLiteral("compensations.csv"),
                                                          tr("CSV files (*.csv)"));
        if (path.isEmpty())
            return;
        const Status written = m_report->exportCsv(path);
        showMessage(written ? tr("Saved %1.").arg(path) : written.error().message, !written);
    });
}

void FrontDeskPanel::setServices(const DeskServices &services)
{
    m_services = services;
    if (services.ready()) {
        loadHotels();
        loadRefundCases();
    }
}

void FrontDeskPanel::loadHotels()
{
    auto hotels = m_services.hotels->hotels();
    if (!hotels) {
        showMessage(hotels.error().message, true);
        return;
    }
    const HotelId current = m_hotel;
    {
        const QSignalBlocker blocker(m_hotels);
        m_hotels->clear();
        for (const HotelSummary &hotel : hotels.value())
            m_hotels->addItem(hotel.name, hotel.id);
    }
    const int again = m_hotels->findData(current);
    m_hotels->setCurrentIndex(-1);
    m_hotels->setCurrentIndex(again >= 0 ? again : 0);
}

bool FrontDeskPanel::selectHotel(HotelId hotel)
{
    const int index = m_hotels->findData(hotel);
    if (index < 0)
        return false;
    m_hotels->setCurrentIndex(index);
    return m_hotel == hotel;
}

void FrontDeskPanel::loadCalendar()
{
    if (!m_hotel || !m_services.ready())
        return;
    auto hotels = m_services.hotels->hotels();
    if (!hotels)
        return;
    for (const HotelSummary &hotel : hotels.value()) {
        if (hotel.id != m_hotel)
            continue;
        auto calendar = m_services.frontDesk->calendar(hotel.id, hotel.firstNight, hotel.lastNight.addDays(1));
        if (!calendar) {
            showMessage(calendar.error().message, true);
            return;
        }
        m_grid->setCalendar(calendar.value());
        m_grid->setToday(m_clock.now().toLocalTime().date());
        m_target->clear();
        const RoomTypeId typed = m_typedRoom->currentData().toLongLong();
        m_typedRoom->clear();
        for (const RoomTypeSummary &type : calendar->roomTypes) {
            m_target->addItem(QStringLiteral("%1 %2").arg(type.code, type.name), type.id);
            m_typedRoom->addItem(QStringLiteral("%1 %2").arg(type.code, type.name), type.id);
        }
        if (const int again = m_typedRoom->findData(typed); again >= 0)
            m_typedRoom->setCurrentIndex(again);
        auto entries = m_services.frontDesk->compensations(hotel.id, hotel.firstNight, hotel.lastNight.addDays(1));
        if (entries)
            m_report->setEntries(entries.value());
    }
}

void FrontDeskPanel::refresh()
{
    loadCalendar();
    loadRefundCases();
    if (!m_search->text().trimmed().isEmpty())
        findGuests(m_search->text());
    showArrivalsAtRisk(m_night->date());
}

qint64 FrontDeskPanel::priceOf(RoomTypeId roomType, const QDate &checkIn, const QDate &checkOut) const
{
    qint64 total = 0;
    const int row = m_grid->rowOf(roomType);
    for (QDate night = checkIn; night < checkOut; night = night.addDays(1)) {
        if (const NightAvailability *cell = m_grid->calendar().at(row, m_grid->dayOf(night)))
            total += cell->priceMinor;
    }
    return total;
}

QString FrontDeskPanel::currency() const
{
    return m_grid->calendar().hotel.currency;
}

void FrontDeskPanel::holdRange(RoomTypeId roomType, const QDate &checkIn, const QDate &checkOut)
{
    if (!m_services.ready())
        return;
    if (m_heldStay)
        releaseHeldStay();
    StayRequest request;
    request.roomType = roomType;
    request.cart = m_cart;
    request.checkIn = checkIn;
    request.checkOut = checkOut;
    request.guestName = m_guest->text().trimmed();
    auto held = m_services.hotels->holdStay(request);
    if (!held) {
        showMessage(held.error().message, true);
        loadCalendar();
        return;
    }
    m_heldStay = held->id;
    m_heldUntil = held->expiresAt;
    m_heldPrice = priceOf(roomType, checkIn, checkOut);
    const int row = m_grid->rowOf(roomType);
    const QString code = row >= 0 ? m_grid->calendar().roomTypes.at(row).code : QString();
    m_heldLabel = tr("%1, %2 night(s) from %3").arg(code).arg(checkIn.daysTo(checkOut)).arg(QLocale().toString(checkIn, QLocale::ShortFormat));
    onClockTick(m_clock.now());
    showMessage(tr("Held %1 (reference %2). Take the guest's details, then book.").arg(m_heldLabel, held->reference));
    loadCalendar();
    m_grid->setSelection(roomType, checkIn, checkOut);
}

void FrontDeskPanel::onClockTick(const QDateTime &serverNow)
{
    const bool holding = m_heldStay != 0;
    m_cashButton->setEnabled(holding);
    m_cardButton->setEnabled(holding);
    m_releaseButton->setEnabled(holding);
    if (!holding) {
        m_heldText->setText(tr("No stay held."));
        return;
    }
    const qint64 left = (serverNow.msecsTo(m_heldUntil) + 999) / 1000;
    if (left <= 0) {
        m_heldStay = 0;
        showMessage(tr("The hold on %1 ran out; the nights are on sale again.").arg(m_heldLabel), true);
        onClockTick(serverNow);
        return;
    }
    m_heldText->setText(tr("%1 — %2 — held for %3").arg(m_heldLabel, formatMoney(m_heldPrice, currency()), formatCountdown(left)));
    m_heldText->setStyleSheet(left <= CartModel::warningSeconds ? QStringLiteral("color:#b01c1c;") : QString());
}

void FrontDeskPanel::book(bool card)
{
    if (!m_heldStay) {
        showMessage(tr("Select nights on the calendar first."), true);
        return;
    }
    PaymentDialog dialog(m_heldPrice, currency(), card ? PaymentMethod::Card : PaymentMethod::Cash, this);
    const bool accepted = paymentHook ? paymentHook(dialog) : dialog.exec() == QDialog::Accepted;
    if (!accepted)
        return;
    auto sale = m_services.sales->sell(m_cart, dialog.payment(), m_heldPrice);
    if (!sale) {
        showMessage(sale.error().message, true);
        return;
    }
    QString text = tr("Booked %1: order %2, %3 paid.").arg(m_heldLabel).arg(sale->order.id).arg(formatMoney(sale->chargedMinor, currency()));
    if (sale->changeMinor > 0)
        text += QLatin1Char(' ') + tr("Give %1 change.").arg(formatMoney(sale->changeMinor, currency()));
    m_heldStay = 0;
    startNewCart();
    onClockTick(m_clock.now());
    showMessage(text);
    loadCalendar();
}

void FrontDeskPanel::releaseHeldStay()
{
    if (!m_heldStay)
        return;
    auto released = m_services.hotels->releaseStay(m_cart, m_heldStay);
    m_heldStay = 0;
    onClockTick(m_clock.now());
    if (!released)
        showMessage(released.error().message, true);
    else
        showMessage(tr("Released %1.").arg(m_heldLabel));
    loadCalendar();
}

void FrontDeskPanel::findGuests(const QString &query)
{
    if (!m_services.ready())
        return;
    m_search->setText(query);
    auto found = m_services.frontDesk->findStays(query);
    if (!found) {
        showMessage(found.error().message, true);
        return;
    }
    m_stays->setStays(found.value());
    m_tabs->setCurrentIndex(1);
    showMessage(tr("%n stay(s) found.", nullptr, int(found->size())));
}

void FrontDeskPanel::actOnSelectedStay(const QString &what)
{
    const auto rows = m_staysView->selectionModel()->selectedRows();
    if (rows.isEmpty()) {
        showMessage(tr("Choose a stay in the list first."), true);
        return;
    }
    const StayRecord stay = m_stays->stay(rows.first().row());
    Status done = Done{};
    if (what == QLatin1String("in"))
        done = m_services.frontDesk->checkIn(stay.id);
    else if (what == QLatin1String("out"))
        done = m_services.frontDesk->checkOut(stay.id);
    else if (what == QLatin1String("cancel"))
        done = m_services.hotels->cancelStay(stay.id) ? Status(Done{}) : Status(makeError(ErrorCode::Conflict, tr("That stay cannot be cancelled.")));
    else if (what == QLatin1String("move")) {
        const QDate checkIn = m_grid->selectedCheckIn();
        const QDate checkOut = m_grid->selectedCheckOut();
        const int row = m_grid->selectedRow();
        if (!checkIn.isValid() || row < 0 || row >= m_grid->calendar().roomTypes.size()) {
            showMessage(tr("Select the new nights on the calendar, then move."), true);
            return;
        }
        // Selecting the nights held them for a new booking: give them back to the move.
        releaseHeldStay();
        done = m_services.frontDesk->moveStay(stay.id, m_grid->calendar().roomTypes.at(row).id, checkIn, checkOut);
    }
    showMessage(done ? tr("Done: %1 (%2).").arg(stay.reference, stay.guest) : done.error().message, !done);
    refresh();
}

void FrontDeskPanel::showArrivalsAtRisk(const QDate &night)
{
    if (!m_hotel || !m_services.ready())
        return;
    if (m_night->date() != night)
        m_night->setDate(night);
    auto arrivals = m_services.frontDesk->arrivalsAtRisk(m_hotel, night);
    if (!arrivals) {
        showMessage(arrivals.error().message, true);
        return;
    }
    m_arrivals->setArrivals(arrivals.value());
    m_tabs->setCurrentIndex(2);
}

void FrontDeskPanel::resolveArrival(int row, OverbookingAction action, RoomTypeId target)
{
    if (row < 0 || row >= m_arrivals->rowCount()) {
        showMessage(tr("Choose a guest in the list first."), true);
        return;
    }
    const ArrivalAtRisk arrival = m_arrivals->arrival(row);
    qint64 amount = 0;
    QString reason;
    if (action == OverbookingAction::Walk) {
        CompensationDialog dialog(tr("Walk to a partner hotel"), arrival.stay.guest, currency(), this);
        const bool accepted = compensationHook ? compensationHook(dialog) : dialog.exec() == QDialog::Accepted;
        if (!accepted)
            return;
        amount = dialog.amountMinor();
        reason = dialog.reason();
    } else {
        reason = action == OverbookingAction::Upgrade ? tr("upgraded: overbooked night") : tr("moved: overbooked night");
    }
    const Status done = m_services.frontDesk->resolveOverbooking(arrival.stay.id, action, target, amount, reason, arrival.night);
    if (!done && done.error().code == ErrorCode::PermissionDenied)
        showMessage(tr("Only a manager may move, upgrade or walk a guest: ask one to sign in."), true);
    else
        showMessage(done ? tr("%1: %2 — recorded in the compensation ledger.").arg(overbookingActionName(action), arrival.stay.guest)
                         : done.error().message,
                    !done);
    refresh();
}

void FrontDeskPanel::holdTyped(RoomTypeId roomType, const QDate &checkIn, int nights)
{
    if (!roomType || !checkIn.isValid() || nights <= 0) {
        showMessage(tr("Choose a room type, a first night and at least one night."), true);
        return;
    }
    const int row = m_grid->rowOf(roomType);
    const int day = m_grid->dayOf(checkIn);
    if (row < 0 || day < 0 || m_grid->dayOf(checkIn.addDays(nights - 1)) < 0) {
        showMessage(tr("Those nights are outside the hotel's calendar."), true);
        return;
    }
    holdRange(roomType, checkIn, checkIn.addDays(nights));
    m_grid->ensureCellVisible(row, day);
}

void FrontDeskPanel::setSellableForSelection(int sellable)
{
    const int row = m_grid->selectedRow();
    if (row < 0 || !m_grid->selectedCheckIn().isValid()) {
        showMessage(tr("Select the nights on the calendar first."), true);
        return;
    }
    CapacityChange change;
    change.roomType = m_grid->calendar().roomTypes.at(row).id;
    change.from = m_grid->selectedCheckIn();
    change.until = m_grid->selectedCheckOut();
    change.sellable = sellable;
    // Selecting the nights held a room there: give it back first, or it would count against the limit.
    releaseHeldStay();
    auto changed = m_services.hotels->changeCapacity(change);
    if (!changed && changed.error().code == ErrorCode::PermissionDenied)
        showMessage(tr("Only a manager may change how many rooms are sold."), true);
    else
        showMessage(changed ? tr("%n night(s) now sell up to %1 rooms.", nullptr, changed.value()).arg(sellable) : changed.error().message,
                    !changed);
    loadCalendar();
}

void FrontDeskPanel::loadRefundCases()
{
    if (!m_services.ready())
        return;
    auto cases = m_services.frontDesk->openRefundCases();
    if (!cases)
        return;
    m_openCases = cases.value();
    m_cases->setRowCount(int(m_openCases.size()));
    for (int row = 0; row < m_openCases.size(); ++row) {
        const RefundCase &item = m_openCases.at(row);
        m_cases->setItem(row, 0, new QTableWidgetItem(QString::number(item.order)));
        m_cases->setItem(row, 1, new QTableWidgetItem(item.unit));
        m_cases->setItem(row, 2, new QTableWidgetItem(formatMoney(item.amountMinor, currency().isEmpty() ? QStringLiteral("EUR") : currency())));
        m_cases->setItem(row, 3, new QTableWidgetItem(item.refundState.toLower()));
        m_cases->setItem(row, 4, new QTableWidgetItem(item.reason));
    }
}

int FrontDeskPanel::refundCaseCount() const
{
    return int(m_openCases.size());
}

void FrontDeskPanel::closeRefundCase(int row)
{
    if (row < 0 || row >= m_openCases.size()) {
        showMessage(tr("Choose a case in the list first."), true);
        return;
    }
    const Status closed = m_services.frontDesk->closeRefundCase(m_openCases.at(row).id);
    showMessage(closed ? tr("Case of order %1 closed.").arg(m_openCases.at(row).order) : closed.error().message, !closed);
    loadRefundCases();
}

void FrontDeskPanel::startNewCart()
{
    m_cart = QStringLiteral("desk-hotel-%1").arg(QUuid::createUuid().toString(QUuid::Id128).left(16));
}

QString FrontDeskPanel::message() const
{
    return m_message->text();
}

void FrontDeskPanel::showMessage(const QString &text, bool problem)
{
    m_message->setStyleSheet(problem ? QStringLiteral("color:#b01c1c; font-weight:bold;") : QString());
    m_message->setText(text);
}

} // namespace boxoffice
