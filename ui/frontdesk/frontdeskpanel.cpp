#include "ui/frontdesk/frontdeskpanel.h"

#include "ui/common/errortext.h"
#include "ui/common/money.h"
#include "ui/frontdesk/compensationdialog.h"
#include "ui/frontdesk/compensationreport.h"
#include "ui/frontdesk/groupblockstab.h"
#include "ui/frontdesk/guestprofilefields.h"
#include "ui/frontdesk/hotellistspanel.h"
#include "ui/frontdesk/nightauditpanel.h"
#include "ui/frontdesk/overbookinghint.h"
#include "ui/hotel/arrivalsatriskmodel.h"
#include "ui/hotel/hotelgridview.h"
#include "ui/hotel/roomrackpanel.h"
#include "ui/hotel/staysearchmodel.h"
#include "ui/sale/cartmodel.h"
#include "ui/sale/countercheckout.h"
#include "ui/sale/paymentdialog.h"
#include "ui/sale/serverclock.h"

#include <QAction>
#include <QComboBox>
#include <QDateEdit>
#include <QFileDialog>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QUuid>
#include <QVBoxLayout>

namespace boxoffice {

FrontDeskPanel::FrontDeskPanel(StaffIdentity staff, ServerClock &clock, QWidget *parent)
    : QWidget(parent), m_staff(std::move(staff)), m_clock(clock)
{
    m_stays = new StaySearchModel(this);
    m_arrivals = new ArrivalsAtRiskModel(this);
    m_checkout = new CounterCheckout(m_clock, this);
    buildUi();
    startNewCart();
    connect(&m_clock, &ServerClock::ticked, this, &FrontDeskPanel::onClockTick);
}

void FrontDeskPanel::buildUi()
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *top = new QHBoxLayout;
    auto *hotelLabel = new QLabel(tr("H&otel:"));
    top->addWidget(hotelLabel);
    m_hotels = new QComboBox;
    hotelLabel->setBuddy(m_hotels);
    m_hotels->setObjectName(QStringLiteral("hotelPicker"));
    m_hotels->setMinimumWidth(240);
    top->addWidget(m_hotels);
    top->addWidget(new QLabel(tr("Drag across the nights of a room type to select them, then hold them (Ctrl+H).")));
    top->addStretch();
    m_ratesButton = new QPushButton(tr("Rat&es…"));
    m_ratesButton->setObjectName(QStringLiteral("ratesButton"));
    m_ratesButton->setToolTip(tr("The price of each night per room type: seasons and weekends"));
    m_ratesButton->setEnabled(false);
    top->addWidget(m_ratesButton);
    connect(m_ratesButton, &QPushButton::clicked, this, &FrontDeskPanel::openRates);
    layout->addLayout(top);

    auto *splitter = new QSplitter(Qt::Vertical);
    m_grid = new HotelGridView;
    m_grid->setObjectName(QStringLiteral("hotelGrid"));
    m_grid->setToolTip(tr("Arrow keys move, Shift+arrows select nights, Enter holds the selection"));
    splitter->addWidget(m_grid);

    m_tabs = new QTabWidget;
    m_tabs->setObjectName(QStringLiteral("frontDeskTasks"));
    m_tabs->setAccessibleName(tr("Front desk tasks"));
    // Booking at the desk.
    auto *stayPage = new QWidget;
    auto *stayLayout = new QVBoxLayout(stayPage);
    m_guestFields = new GuestProfileFields;
    m_guest = m_guestFields->nameEdit();
    stayLayout->addWidget(m_guestFields);
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
    m_guaranteeButton = new QPushButton(tr("Book: guarantee"));
    buttons->addWidget(m_cashButton);
    buttons->addWidget(m_cardButton);
    buttons->addWidget(m_guaranteeButton);
    buttons->addWidget(m_releaseButton);
    buttons->addStretch();
    stayLayout->addLayout(buttons);

    // Choosing nights on the calendar (a click, a drag, Shift+arrows and Enter) only selects them;
    // holding a room is this separate, deliberate step.
    auto *chosen = new QHBoxLayout;
    m_holdChosen = new QPushButton(tr("Hold the selected nights (Ctrl+H)"));
    m_holdChosen->setObjectName(QStringLiteral("holdChosenButton"));
    m_holdChosen->setEnabled(false);
    chosen->addWidget(m_holdChosen);
    chosen->addStretch();
    stayLayout->addLayout(chosen);
    auto *holdChosenKey = new QAction(this);
    holdChosenKey->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_H));
    holdChosenKey->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    addAction(holdChosenKey);
    connect(holdChosenKey, &QAction::triggered, this, &FrontDeskPanel::holdChosenNights);
    connect(m_holdChosen, &QPushButton::clicked, this, &FrontDeskPanel::holdChosenNights);

    auto *typed = new QHBoxLayout;
    typed->addWidget(new QLabel(tr("Or type it:")));
    m_typedNights = new QSpinBox;
    m_typedNights->setRange(1, 60);
    m_typedNights->setValue(1);
    m_typedNights->setSuffix(tr(" night(s) from", nullptr, 1));
    connect(m_typedNights, &QSpinBox::valueChanged, this,
            [this](int nights) { m_typedNights->setSuffix(tr(" night(s) from", nullptr, nights)); });
    m_typedNights->setAccessibleName(tr("Nights to book"));
    typed->addWidget(m_typedNights);
    m_typedCheckIn = new QDateEdit(QDate::currentDate());
    m_typedCheckIn->setCalendarPopup(true);
    m_typedCheckIn->setAccessibleName(tr("Check-in date"));
    m_typedCheckIn->setDisplayFormat(tr("ddd d MMM yyyy", "date format (QDateEdit): weekday, day, month, year"));
    typed->addWidget(m_typedCheckIn);
    m_typedRoom = new QComboBox;
    m_typedRoom->setAccessibleName(tr("Room type to book"));
    typed->addWidget(m_typedRoom);
    auto *typedHold = new QPushButton(tr("&Hold"));
    typed->addWidget(typedHold);
    typed->addStretch();
    stayLayout->addLayout(typed);
    m_changers << typedHold;
    connect(typedHold, &QPushButton::clicked, this, [this] {
        holdTyped(m_typedRoom->currentData().toLongLong(), m_typedCheckIn->date(), m_typedNights->value());
    });

    // Overbooking is data: the sellable limit of the selected nights, a manager's to set.
    auto *capacity = new QHBoxLayout;
    auto *sellableLabel = new QLabel(tr("Se&llable rooms on the selected nights:"));
    capacity->addWidget(sellableLabel);
    m_sellable = new QSpinBox;
    sellableLabel->setBuddy(m_sellable);
    m_sellable->setRange(0, 10000);
    capacity->addWidget(m_sellable);
    auto *apply = new QPushButton(tr("Set"));
    const bool canChange = m_staff.role == StaffRole::Manager;
    apply->setEnabled(canChange);
    m_sellable->setEnabled(canChange);
    if (!canChange)
        apply->setToolTip(tr("A manager sets how many rooms may be sold."));
    capacity->addWidget(apply);
    m_hint = new OverbookingHint;
    capacity->addWidget(m_hint);
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
    m_search->setAccessibleName(tr("Find a guest"));
    guestsLayout->addWidget(m_search);
    m_staysView = new QTableView;
    m_staysView->setModel(m_stays);
    m_staysView->setAccessibleName(tr("Stays found"));
    m_staysView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_staysView->setTabKeyNavigation(false); // Tab leaves the table; the arrows move within it
    m_staysView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_staysView->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_staysView->verticalHeader()->hide();
    guestsLayout->addWidget(m_staysView);
    auto *stayActions = new QHBoxLayout;
    for (const auto &[text, what] :
         {std::pair{tr("Check &in"), QStringLiteral("in")}, std::pair{tr("Check &out"), QStringLiteral("out")},
          std::pair{tr("&Move to the selected nights"), QStringLiteral("move")},
          std::pair{tr("Ca&ncel stay"), QStringLiteral("cancel")}}) {
        auto *button = new QPushButton(text);
        connect(button, &QPushButton::clicked, this, [this, what = what] { actOnSelectedStay(what); });
        m_changers << button;
        stayActions->addWidget(button);
    }
    auto *profile = new QPushButton(tr("Guest &profile…"));
    profile->setObjectName(QStringLiteral("guestProfileButton"));
    connect(profile, &QPushButton::clicked, this, &FrontDeskPanel::openGuestProfile);
    stayActions->addWidget(profile);
    auto *findProfile = new QPushButton(tr("&Find a guest profile…"));
    connect(findProfile, &QPushButton::clicked, this, &FrontDeskPanel::findGuestProfile);
    stayActions->addWidget(findProfile);
    auto *folio = new QPushButton(tr("Folio…"));
    connect(folio, &QPushButton::clicked, this, &FrontDeskPanel::openFolio);
    m_changers << folio;
    stayActions->addWidget(folio);
    stayActions->addStretch();
    guestsLayout->addLayout(stayActions);
    m_tabs->addTab(guestsPage, tr("&Guests"));

    // Arrivals at risk on an overbooked night: a manager's decisions.
    auto *riskPage = new QWidget;
    auto *riskLayout = new QVBoxLayout(riskPage);
    auto *riskTop = new QHBoxLayout;
    auto *nightLabel = new QLabel(tr("&Night:"));
    riskTop->addWidget(nightLabel);
    m_night = new QDateEdit(QDate::currentDate());
    nightLabel->setBuddy(m_night);
    m_night->setCalendarPopup(true);
    m_night->setDisplayFormat(tr("ddd d MMM yyyy", "date format (QDateEdit): weekday, day, month, year"));
    riskTop->addWidget(m_night);
    riskTop->addStretch();
    riskLayout->addLayout(riskTop);
    m_arrivalsView = new QTableView;
    m_arrivalsView->setObjectName(QStringLiteral("arrivalsAtRisk"));
    m_arrivalsView->setModel(m_arrivals);
    m_arrivalsView->setAccessibleName(tr("Arrivals at risk"));
    m_arrivalsView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_arrivalsView->setTabKeyNavigation(false); // Tab leaves the table; the arrows move within it
    m_arrivalsView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_arrivalsView->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_arrivalsView->verticalHeader()->hide();
    riskLayout->addWidget(m_arrivalsView);
    auto *riskActions = new QHBoxLayout;
    auto *targetLabel = new QLabel(tr("To roo&m type:"));
    riskActions->addWidget(targetLabel);
    m_target = new QComboBox;
    targetLabel->setBuddy(m_target);
    riskActions->addWidget(m_target);
    const bool manager = m_staff.role == StaffRole::Manager;
    for (const auto &[text, action] :
         {std::pair{tr("Move"), OverbookingAction::Move}, std::pair{tr("Upgrade"), OverbookingAction::Upgrade},
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
    m_cases->setAccessibleName(tr("Refund cases"));
    m_cases->setHorizontalHeaderLabels({tr("Order"), tr("What"), tr("Amount"), tr("Refund"), tr("Why")});
    m_cases->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_cases->verticalHeader()->hide();
    m_cases->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_cases->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_cases->setTabKeyNavigation(false); // Tab leaves the table; the arrows move within it
    casesLayout->addWidget(m_cases);
    auto *contacted = new QPushButton(tr("Buyer contacted: close the case"));
    casesLayout->addWidget(contacted, 0, Qt::AlignLeft);
    connect(contacted, &QPushButton::clicked, this, [this] {
        const auto rows = m_cases->selectionModel()->selectedRows();
        closeRefundCase(rows.isEmpty() ? -1 : rows.first().row());
    });
    m_tabs->addTab(casesPage, tr("&Refund cases"));
    // Group blocks (issue 14): a widget of their own; rooms changing hands there redraw the calendar.
    m_groups = new GroupBlocksTab(m_staff, m_clock);
    connect(m_groups, &GroupBlocksTab::changed, this, [this] { loadCalendar(true); });
    connect(m_groups, &GroupBlocksTab::counterSaleMade, this, &FrontDeskPanel::counterSaleMade);
    m_tabs->addTab(m_groups, tr("Gro&ups"));
    m_lists = new HotelListsPanel;
    m_tabs->addTab(m_lists, tr("Lis&ts"));
    m_rooms = new RoomRackPanel;
    m_tabs->addTab(m_rooms, tr("Room rac&k"));
    connect(m_rooms, &RoomRackPanel::physicalChanged, this, [this] {
        loadCalendar(true);
        reloadArrivals();
    });
    m_nightAudit = new NightAuditPanel(m_staff.role == StaffRole::Manager);
    m_tabs->addTab(m_nightAudit, tr("Night au&dit"));
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
        m_lists->setHotel(m_hotel);
        m_rooms->setHotel(m_hotel);
        m_nightAudit->setHotel(m_hotel);
    });
    connect(m_grid, &HotelGridView::rangeSelected, this, &FrontDeskPanel::chooseNights);
    connect(m_cashButton, &QPushButton::clicked, this, [this] { book(false); });
    connect(m_cardButton, &QPushButton::clicked, this, [this] { book(true); });
    connect(m_releaseButton, &QPushButton::clicked, this, &FrontDeskPanel::releaseHeldStay);
    connect(m_guaranteeButton, &QPushButton::clicked, this, &FrontDeskPanel::bookOnGuarantee);
    connect(m_search, &QLineEdit::returnPressed, this, [this] { findGuests(m_search->text()); });
    connect(m_night, &QDateEdit::dateChanged, this, &FrontDeskPanel::showArrivalsAtRisk);
    connect(m_report, &CompensationReport::exportRequested, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export compensations"),
                                                          QStringLiteral("compensations.csv"), tr("CSV files (*.csv)"));
        if (path.isEmpty())
            return;
        const Status written = m_report->exportCsv(path);
        showMessage(written ? tr("Saved %1.").arg(path) : errorText(written.error()), !written);
    });
}

void FrontDeskPanel::chooseNights(RoomTypeId roomType, const QDate &checkIn, const QDate &checkOut)
{
    m_chosenRoom = roomType;
    m_chosenCheckIn = checkIn;
    m_chosenCheckOut = checkOut;
    m_holdChosen->setEnabled(m_connected);
    m_hint->showFor(m_hotel, roomType, checkIn, checkOut);
    const int row = m_grid->rowOf(roomType);
    const QString code = row >= 0 ? m_grid->calendar().roomTypes.at(row).code : QString();
    showMessage(tr("%1, %n night(s) from %2 selected: hold them (Ctrl+H), or move a stay there.", nullptr,
                   int(checkIn.daysTo(checkOut)))
                    .arg(code, QLocale().toString(checkIn, QLocale::ShortFormat)));
}

void FrontDeskPanel::holdChosenNights()
{
    if (!m_chosenRoom || !m_chosenCheckIn.isValid()) {
        showMessage(tr("Select nights on the calendar first."), true);
        return;
    }
    holdRange(m_chosenRoom, m_chosenCheckIn, m_chosenCheckOut);
}

void FrontDeskPanel::setConnected(bool connected)
{
    m_connected = connected;
    for (QWidget *changer : std::as_const(m_changers))
        changer->setEnabled(connected);
    m_holdChosen->setEnabled(connected && m_chosenRoom != 0);
    m_groups->setConnected(connected && m_services.blocks);
    m_ratesButton->setEnabled(connected && m_services.rates);
    m_rooms->setConnected(connected);
    m_nightAudit->setConnected(connected);
    onClockTick(m_clock.now()); // the booking buttons follow too
}

bool FrontDeskPanel::refusedOffline()
{
    if (m_connected)
        return false;
    showMessage(tr("The server cannot be reached, so nothing can be held, booked or changed here until it is "
                   "back. What is shown is as it was last read."),
                true);
    return true;
}

void FrontDeskPanel::setServices(const DeskServices &services)
{
    m_services = services;
    m_lists->setServices(services);
    m_hint->setServices(services);
    setConnected(services.ready());
    m_checkout->setService(services.sales, services.calls);
    m_guestFields->setServices(services);
    m_groups->setServices(services);
    m_rooms->setServices(services.rooms, services.frontDesk, services.calls);
    m_nightAudit->setService(services.nightAudit, services.calls);
    if (services.ready()) {
        loadHotels();
        loadRefundCases();
    }
}

void FrontDeskPanel::loadHotels()
{
    auto hotels = m_services.calls([&] { return m_services.hotels->hotels(); });
    if (!hotels) {
        showMessage(errorText(hotels.error()), true);
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

void FrontDeskPanel::loadCalendar(bool keepView)
{
    if (!m_hotel || !m_services.ready())
        return;
    auto hotels = m_services.calls([&] { return m_services.hotels->hotels(); });
    if (!hotels)
        return;
    for (const HotelSummary &hotel : hotels.value()) {
        if (hotel.id != m_hotel)
            continue;
        auto calendar = m_services.calls(
            [&] { return m_services.frontDesk->calendar(hotel.id, hotel.firstNight, hotel.lastNight.addDays(1)); });
        if (!calendar) {
            if (keepView)
                qWarning("Front desk: reading the calendar again failed: %s", qPrintable(calendar.error().message));
            else
                showMessage(errorText(calendar.error()), true);
            return;
        }
        if (keepView)
            m_grid->refreshCalendar(calendar.value());
        else
            m_grid->setCalendar(calendar.value());
        m_grid->setToday(m_clock.now().toLocalTime().date());
        m_groups->setHotel(hotel); // the blocks read again with the calendar, data only
        // The room type pickers are rebuilt only when the room types changed: rebuilding them would
        // drop what the clerk chose in them.
        QVector<RoomTypeId> shown;
        for (int i = 0; i < m_typedRoom->count(); ++i)
            shown << m_typedRoom->itemData(i).toLongLong();
        QVector<RoomTypeId> read;
        for (const RoomTypeSummary &type : calendar->roomTypes)
            read << type.id;
        if (shown != read) {
            const RoomTypeId typed = m_typedRoom->currentData().toLongLong();
            const RoomTypeId target = m_target->currentData().toLongLong();
            m_target->clear();
            m_typedRoom->clear();
            for (const RoomTypeSummary &type : calendar->roomTypes) {
                m_target->addItem(QStringLiteral("%1 %2").arg(type.code, type.name), type.id);
                m_typedRoom->addItem(QStringLiteral("%1 %2").arg(type.code, type.name), type.id);
            }
            if (const int again = m_typedRoom->findData(typed); again >= 0)
                m_typedRoom->setCurrentIndex(again);
            if (const int again = m_target->findData(target); again >= 0)
                m_target->setCurrentIndex(again);
        }
        auto entries = m_services.calls([&] {
            return m_services.frontDesk->compensations(hotel.id, hotel.firstNight, hotel.lastNight.addDays(1));
        });
        if (entries)
            m_report->setEntries(entries.value());
    }
}

void FrontDeskPanel::refresh()
{
    m_checkout->refreshQuote();
    loadCalendar(true);
    loadRefundCases();
    reloadStays();
    reloadArrivals();
    m_lists->refresh();
    m_rooms->refresh();
}

qint64 FrontDeskPanel::priceOf(RoomTypeId roomType, const QDate &checkIn, const QDate &checkOut) const
{
    qint64 total = 0;
    const int row = m_grid->rowOf(roomType);
    for (QDate night = checkIn; night < checkOut; night = night.addDays(1)) {
        if (const NightAvailability *cell = m_grid->calendar().at(row, m_grid->dayOf(night)))
            total += cell->price.minor();
    }
    return total;
}

QString FrontDeskPanel::currency() const
{
    return m_grid->calendar().hotel.currency;
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
