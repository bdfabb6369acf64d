// The desk window itself: its layout, keys, events, the live map and messages. The sale flow is in
// desksale.cpp.

#include "ui/desk/deskwindow.h"

#include "domain/inventorywatch.h"
#include "ui/common/clerkerror.h"
#include "ui/common/databasecalls.h"
#include "ui/common/money.h"
#include "ui/common/statewords.h"
#include "ui/desk/connectionbanner.h"
#include "ui/desk/liveseatmap.h"
#include "ui/desk/placestablespanel.h"
#include "ui/door/doorpanel.h"
#include "ui/frontdesk/frontdeskpanel.h"
#include "ui/orders/orderactions.h"
#include "ui/orders/orderlookuppanel.h"
#include "ui/sale/cartmodel.h"
#include "ui/sale/countercheckout.h"
#include "ui/sale/pricetypedelegate.h"
#include "ui/sale/serverclock.h"
#include "ui/seatmap/seatmaplegend.h"
#include "ui/seatmap/seatmapscene.h"
#include "ui/seatmap/seatmapview.h"
#include "ui/till/tillpanel.h"

#include <QAction>
#include <QCloseEvent>
#include <QComboBox>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

namespace boxoffice {

DeskWindow::DeskWindow(StaffIdentity staff, ServerClock &clock, InventoryWatch *watch, QWidget *parent)
    : QMainWindow(parent), m_staff(std::move(staff)), m_clock(clock)
{
    m_scene = new SeatMapScene(this);
    m_live = new LiveSeatMap(*m_scene, this);
    m_cart = new CartModel(this);
    m_checkout = new CounterCheckout(m_clock, this);
    buildUi();
    buildActions();
    buildStaffBar();
    startNewCart();

    connect(m_scene, &SeatMapScene::seatActivated, this, &DeskWindow::onSeatActivated);
    connect(m_live, &LiveSeatMap::seatChanged, this, &DeskWindow::onSeatChanged);
    connect(&m_clock, &ServerClock::ticked, this, &DeskWindow::onClockTick);
    connect(m_checkout, &CounterCheckout::quoteRead, this, &DeskWindow::onQuoteRead);
    connect(m_cart, &QAbstractItemModel::rowsInserted, this, &DeskWindow::updateCartSummary);
    connect(m_cart, &QAbstractItemModel::rowsRemoved, this, &DeskWindow::updateCartSummary);
    connect(m_cart, &QAbstractItemModel::modelReset, this, &DeskWindow::updateCartSummary);
    if (watch) {
        connect(watch, &InventoryWatch::inventoryChanged, this, &DeskWindow::refreshLiveChanges);
        connect(watch, &InventoryWatch::connectionLost, this, &DeskWindow::onConnectionLost);
        connect(watch, &InventoryWatch::connectionRestored, this, &DeskWindow::onConnectionRestored);
    }
    connect(&DatabaseWaits::instance(), &DatabaseWaits::idle, this, [this] {
        if (m_liveRefreshDue)
            QTimer::singleShot(0, this, &DeskWindow::refreshLiveChanges);
    });
    updateCartSummary();
    updateTitle();
    resize(1400, 860);
}

DeskWindow::~DeskWindow() = default;

void DeskWindow::closeEvent(QCloseEvent *event)
{
    if (DatabaseWaits::instance().waiting()) {
        event->ignore();
        connect(&DatabaseWaits::instance(), &DatabaseWaits::idle, this, &QWidget::close, Qt::SingleShotConnection);
        return;
    }
    QMainWindow::closeEvent(event);
}

void DeskWindow::buildUi()
{
    auto *central = new QWidget;
    auto *outer = new QVBoxLayout(central);
    outer->setContentsMargins(6, 6, 6, 6);

    auto *top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("&Event:")));
    m_events = new QComboBox;
    m_events->setObjectName(QStringLiteral("eventPicker"));
    m_events->setMinimumWidth(320);
    qobject_cast<QLabel *>(top->itemAt(0)->widget())->setBuddy(m_events);
    top->addWidget(m_events);
    m_search = new QLineEdit;
    m_search->setObjectName(QStringLiteral("seatSearch"));
    m_search->setPlaceholderText(tr("Find seat, e.g. C-3-14 (Ctrl+F)"));
    m_search->setClearButtonEnabled(true);
    m_search->setMaximumWidth(260);
    m_search->setAccessibleName(tr("Find seat"));
    top->addWidget(m_search);
    top->addStretch();
    top->addWidget(new QLabel(tr("Best available:")));
    m_bestCount = new QSpinBox;
    m_bestCount->setObjectName(QStringLiteral("bestCount"));
    m_bestCount->setRange(1, 10);
    m_bestCount->setValue(2);
    m_bestCount->setSuffix(tr(" together"));
    m_bestCount->setAccessibleName(tr("Seats together for best available"));
    top->addWidget(m_bestCount);
    m_bestSection = new QComboBox;
    m_bestSection->setObjectName(QStringLiteral("bestSection"));
    m_bestSection->setAccessibleName(tr("Section for best available"));
    top->addWidget(m_bestSection);
    m_bestBand = new QComboBox;
    m_bestBand->setObjectName(QStringLiteral("bestBand"));
    m_bestBand->setAccessibleName(tr("Price band for best available"));
    top->addWidget(m_bestBand);
    m_bestButton = new QPushButton(tr("&Best available"));
    m_bestButton->setToolTip(tr("Hold the best block of seats together (Ctrl+B)"));
    top->addWidget(m_bestButton);
    outer->addLayout(top);

    auto *splitter = new QSplitter;
    m_view = new SeatMapView;
    m_view->setSeatMapScene(m_scene);
    splitter->addWidget(m_view);

    auto *side = new QWidget;
    auto *sideLayout = new QVBoxLayout(side);
    sideLayout->setContentsMargins(0, 0, 0, 0);
    m_legend = new SeatMapLegend;
    sideLayout->addWidget(m_legend);
    m_extras = new PlacesTablesPanel;
    sideLayout->addWidget(m_extras);
    sideLayout->addWidget(buildHouseBar());

    auto *cartBox = new QGroupBox(tr("This sale"));
    auto *cartLayout = new QVBoxLayout(cartBox);
    m_cartView = new QTableView;
    m_cartView->setObjectName(QStringLiteral("cartView"));
    m_cartView->setModel(m_cart);
    m_cartView->setItemDelegateForColumn(CartModel::PriceTypeColumn, new PriceTypeDelegate(m_cartView));
    m_cartView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_cartView->setTabKeyNavigation(false); // Tab leaves the table; the arrows move within it
    m_cartView->verticalHeader()->hide();
    m_cartView->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_cartView->horizontalHeader()->setSectionResizeMode(CartModel::PriceTypeColumn, QHeaderView::ResizeToContents);
    m_cartView->setMinimumWidth(380);
    m_cartView->setAccessibleName(tr("This sale"));
    m_cartView->setAccessibleDescription(
        tr("What this sale holds: each seat or place with its price and the time left on its hold. Delete "
           "gives back the chosen rows."));
    cartLayout->addWidget(m_cartView);
    m_total = new QLabel;
    m_total->setObjectName(QStringLiteral("cartTotal"));
    m_total->setAccessibleName(tr("Total of this sale"));
    QFont big = m_total->font();
    big.setPointSizeF(big.pointSizeF() * 1.5);
    big.setBold(true);
    m_total->setFont(big);
    cartLayout->addWidget(m_total);

    auto *holdRow = new QHBoxLayout;
    m_holdButton = new QPushButton(tr("&Hold selected"));
    m_holdButton->setToolTip(tr("Hold the seats selected on the map (Ctrl+H)"));
    m_releaseButton = new QPushButton(tr("&Release"));
    m_releaseButton->setToolTip(tr("Give back the chosen cart rows, or the whole cart (Ctrl+R)"));
    m_extendButton = new QPushButton(tr("E&xtend"));
    m_extendButton->setToolTip(tr("One more hold period, within the event's limit (Ctrl+E)"));
    holdRow->addWidget(m_holdButton);
    holdRow->addWidget(m_releaseButton);
    holdRow->addWidget(m_extendButton);
    cartLayout->addLayout(holdRow);
    auto *sellRow = new QHBoxLayout;
    m_cashButton = new QPushButton(tr("Sell: cash (F9)"));
    m_cardButton = new QPushButton(tr("Sell: card (F10)"));
    for (QPushButton *button : {m_cashButton, m_cardButton}) {
        button->setMinimumHeight(44);
        button->setStyleSheet(QStringLiteral("font-weight:bold;"));
    }
    sellRow->addWidget(m_cashButton);
    sellRow->addWidget(m_cardButton);
    cartLayout->addLayout(sellRow);
    sideLayout->addWidget(cartBox, 1);

    m_message = new QLabel;
    m_message->setObjectName(QStringLiteral("deskMessage"));
    m_message->setWordWrap(true);
    m_message->setMinimumHeight(48);
    m_message->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    sideLayout->addWidget(m_message);
    splitter->addWidget(side);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 1);
    outer->addWidget(splitter, 1);
    // The box office and the hotel front desk share the window, the clock and the sign-in.
    m_pages = new QTabWidget;
    m_pages->setObjectName(QStringLiteral("deskPages"));
    m_pages->setAccessibleName(tr("Desk"));
    m_pages->setAccessibleDescription(tr("Ctrl+Tab and Ctrl+Page Down show the next tab, Ctrl+Shift+Tab and "
                                         "Ctrl+Page Up the previous one."));
    m_pages->addTab(central, tr("Box office"));
    m_frontDesk = new FrontDeskPanel(m_staff, m_clock);
    m_pages->addTab(m_frontDesk, tr("Hotel front desk"));
    m_door = new DoorPanel;
    m_pages->addTab(m_door, tr("Door"));
    m_orders = new OrderLookupPanel;
    m_pages->addTab(m_orders, tr("Orders"));
    m_till = new TillPanel;
    m_till->setStaff(m_staff);
    m_pages->addTab(m_till, tr("Till"));
    m_orders->setCurrentSale([this] { return m_cartId; });
    m_orders->setStaffRole(m_staff.role);
    m_orders->actions()->setTerminal(terminalName());
    connect(m_orders, &OrderLookupPanel::saleHandedOver, this, [this] {
        m_cart->clear();
        startNewCart();
    });
    // One banner above the tabs: an outage is the same news on every page.
    auto *window = new QWidget;
    auto *windowLayout = new QVBoxLayout(window);
    windowLayout->setContentsMargins(0, 0, 0, 0);
    windowLayout->setSpacing(0);
    m_banner = new ConnectionBanner;
    windowLayout->addWidget(m_banner);
    windowLayout->addWidget(m_pages, 1);
    setCentralWidget(window);

    connect(m_events, &QComboBox::currentIndexChanged, this, &DeskWindow::loadEvent);
    connect(m_search, &QLineEdit::returnPressed, this, &DeskWindow::findSeat);
    connect(m_bestButton, &QPushButton::clicked, this, &DeskWindow::holdBestAvailable);
    connect(m_holdButton, &QPushButton::clicked, this, [this] { holdUnits(m_scene->selectedUnits()); });
    connect(m_releaseButton, &QPushButton::clicked, this, &DeskWindow::releaseSelection);
    connect(m_extendButton, &QPushButton::clicked, this, &DeskWindow::extendHolds);
    connect(m_cashButton, &QPushButton::clicked, this, [this] { sell(false); });
    connect(m_cardButton, &QPushButton::clicked, this, [this] { sell(true); });
    buildPrinting();
    connect(m_extras, &PlacesTablesPanel::held, this, &DeskWindow::onExtrasHeld);
    connect(m_extras, &PlacesTablesPanel::refused, this, &DeskWindow::showError);
}

void DeskWindow::buildActions()
{
    // Keyboard first: a whole sale (best available, cash, print) needs no mouse.
    const auto shortcut = [this](const QKeySequence &keys, auto slot) {
        auto *action = new QAction(this);
        action->setShortcut(keys);
        action->setShortcutContext(Qt::WindowShortcut);
        connect(action, &QAction::triggered, this, slot);
        addAction(action);
    };
    shortcut(QKeySequence::Find, [this] {
        m_search->setFocus();
        m_search->selectAll();
    });
    shortcut(QKeySequence(Qt::CTRL | Qt::Key_B), [this] { holdBestAvailable(); });
    shortcut(QKeySequence(Qt::CTRL | Qt::Key_H), [this] { holdUnits(m_scene->selectedUnits()); });
    shortcut(QKeySequence(Qt::CTRL | Qt::Key_R), [this] { releaseSelection(); });
    shortcut(QKeySequence(Qt::CTRL | Qt::Key_E), [this] { extendHolds(); });
    shortcut(QKeySequence(Qt::Key_F9), [this] { sell(false); });
    shortcut(QKeySequence(Qt::Key_F10), [this] { sell(true); });
    shortcut(QKeySequence::Print, [this] { printLastTickets(); });
    shortcut(QKeySequence(Qt::CTRL | Qt::Key_0), [this] { m_view->fitAll(); });
    shortcut(QKeySequence(Qt::CTRL | Qt::Key_Plus), [this] { m_view->zoomIn(); });
    shortcut(QKeySequence(Qt::CTRL | Qt::Key_Minus), [this] { m_view->zoomOut(); });
    shortcut(QKeySequence(Qt::CTRL | Qt::Key_Up), [this] { m_bestCount->stepUp(); });
    shortcut(QKeySequence(Qt::CTRL | Qt::Key_Down), [this] { m_bestCount->stepDown(); });
    // The main tabs from anywhere in the window, a line edit or a table inside a tab included (as in
    // browsers); a window shortcut comes before the focused widget's own use of these keys.
    const auto switchTab = [this](const QList<QKeySequence> &keys, int step) {
        auto *action = new QAction(this);
        action->setShortcuts(keys);
        action->setShortcutContext(Qt::WindowShortcut);
        connect(action, &QAction::triggered, this, [this, step] {
            const int count = m_pages->count();
            for (int i = 1; i <= count; ++i) {
                const int next = ((m_pages->currentIndex() + step * i) % count + count) % count;
                if (m_pages->isTabEnabled(next)) {
                    m_pages->setCurrentIndex(next);
                    if (QWidget *page = m_pages->currentWidget(); page && !page->isAncestorOf(focusWidget()))
                        page->setFocus(Qt::TabFocusReason);
                    return;
                }
            }
        });
        addAction(action);
    };
    switchTab({QKeySequence(Qt::CTRL | Qt::Key_Tab), QKeySequence(Qt::CTRL | Qt::Key_PageDown)}, 1);
    switchTab({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Backtab), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Tab),
               QKeySequence(Qt::CTRL | Qt::Key_PageUp)},
              -1);
}

void DeskWindow::setServices(const DeskServices &services)
{
    m_services = services;
    m_live->setStore(services.maps, services.calls);
    m_checkout->setService(services.sales, services.calls);
    m_connected = services.ready();
    m_frontDesk->setServices(services);
    m_door->setService(services.door, services.calls);
    m_orders->setService(services.orders, services.calls);
    m_till->setOpener(services.till);
    m_orders->setAfterSales(services.afterSales, services.managerSignIn, services.sales);
    m_extras->setServices(services.pools, services.tables, services.calls);
    if (m_connected)
        m_banner->connectionBack();
    loadEvents();
}

void DeskWindow::setTicketFolder(const QString &folder)
{
    m_ticketFolder = folder;
}

QString DeskWindow::message() const
{
    return m_message->text();
}

void DeskWindow::loadEvents()
{
    if (!m_services.ready())
        return;
    const EventId current = m_events->currentData().toLongLong();
    auto events = m_services.calls([&] { return m_services.holds->events(); });
    if (!events) {
        showError(events.error());
        return;
    }
    {
        const QSignalBlocker blocker(m_events);
        m_events->clear();
        for (const EventSummary &event : events.value()) {
            m_events->addItem(
                tr("%1 — %2, %3")
                    .arg(event.name,
                         QLocale().toString(event.startsAt.toLocalTime(),
                                            tr("ddd d MMM HH:mm", "date format (QLocale): weekday, day, month, time")),
                         event.venue),
                event.id);
            m_events->setItemData(m_events->count() - 1, QVariant::fromValue(event.totalUnits), Qt::UserRole + 1);
        }
    }
    if (m_events->count() == 0) {
        showMessage(tr("No events are on sale. Load some with: boxoffice-ctl seed-demo"), true);
        return;
    }
    const int again = m_events->findData(current);
    m_events->setCurrentIndex(-1);
    m_events->setCurrentIndex(again >= 0 ? again : 0);
}

bool DeskWindow::selectEvent(EventId event)
{
    const int index = m_events->findData(event);
    if (index < 0)
        return false;
    m_events->setCurrentIndex(index);
    return m_live->loaded() && m_live->event() == event;
}

void DeskWindow::loadEvent(int comboIndex)
{
    if (comboIndex < 0 || !m_services.ready())
        return;
    const EventId id = m_events->itemData(comboIndex).toLongLong();
    auto event = m_services.calls([&] { return m_services.holds->event(id); });
    if (!event) {
        showError(event.error());
        return;
    }
    if (auto status = m_live->load(event.value()); !status) {
        showError(status.error());
        return;
    }
    m_extras->setEvent(id, event->startsAt);
    m_scene->setMyCarts({m_cartId});
    m_scene->setServerNow(m_clock.now());
    m_legend->setSeatMap(m_scene->seatMap());
    loadPriceTypes();
    m_view->fitAll();
    m_extensionsLeft = event->policy.maxExtensions;

    const SeatMap &map = m_scene->seatMap();
    m_bestSection->clear();
    m_bestSection->addItem(tr("any section"));
    for (int i = 0; i < map.sections.size(); ++i)
        m_bestSection->addItem(map.sections.at(i).name, i);
    m_bestBand->clear();
    m_bestBand->addItem(tr("any price"));
    for (int i = 0; i < map.bands.size(); ++i)
        m_bestBand->addItem(tr("%1 (%2)").arg(map.bands.at(i).name, map.bands.at(i).price.text()), i);
    updateTitle();
    updateCartSummary();
    showMessage(tr("%1: %2 seats. Click a seat to hold it, or press Ctrl+B for the best %3 together.")
                    .arg(event->name)
                    .arg(map.seats.size())
                    .arg(m_bestCount->value()));
}

void DeskWindow::refreshLiveChanges()
{
    if (!m_connected)
        return;
    // A notification that arrives while a call of this window is out is read once the call is back:
    // the map must not change under the call that is deciding about it.
    if (DatabaseWaits::instance().waiting()) {
        m_liveRefreshDue = true;
        return;
    }
    m_liveRefreshDue = false;
    if (auto status = m_live->refresh(); !status)
        qWarning("Live seat map: %s", qPrintable(status.error().message));
    // Another terminal may have changed this very cart: an open payment dialog shows it at once.
    m_checkout->refreshQuote();
    if (m_extras->hasStanding() && m_pages->currentIndex() == 0)
        m_extras->refreshPools();
    // The hotel calendar is re-read whole (a few hundred rows), and only while someone looks at it.
    if (m_pages->currentWidget() == m_frontDesk)
        m_frontDesk->refresh();
}

void DeskWindow::onConnectionLost(const QString &reason)
{
    // The driver's words are for the log; the banner says what it means at the counter.
    qWarning("Desk: connection lost: %s", qPrintable(reason));
    m_connected = false;
    m_frontDesk->setConnected(false);
    m_banner->connectionLost(QDateTime::currentDateTimeUtc());
    updateBannerHolds();
    updateCartSummary();
}

void DeskWindow::onConnectionRestored()
{
    // The owner rebuilds the services on a new connection and calls setServices(), which reloads and
    // takes the banner down.
    m_banner->serverAnswers();
}

void DeskWindow::findSeat()
{
    const QString wanted = m_search->text().trimmed().toUpper();
    if (wanted.isEmpty())
        return;
    for (const SeatMapSeat &seat : m_scene->seatMap().seats) {
        if (seat.label.compare(wanted, Qt::CaseInsensitive) != 0)
            continue;
        m_scene->clearSelection();
        if (SeatItem *item = m_scene->seatItem(seat.unit)) {
            item->setSelected(true);
            m_view->showUnits({seat.unit});
        }
        showMessage(tr("Seat %1 selected: Ctrl+H holds it.").arg(seat.label));
        m_view->setFocus();
        return;
    }
    showMessage(tr("No seat %1 in this event. Seats are named section-row-seat, e.g. A-3-14.").arg(wanted), true);
}

void DeskWindow::showMessage(const QString &text, bool problem)
{
    m_message->setStyleSheet(problem ? QStringLiteral("color:#b01c1c; font-weight:bold;") : QString());
    m_message->setText(text);
    statusBar()->showMessage(text, 8000);
}

void DeskWindow::updateCartSummary()
{
    const bool any = m_cart->rowCount() > 0;
    const std::optional<Money> total = m_cart->total();
    m_total->setText(!any        ? tr("Nothing held")
                         : total ? tr("Total: %1").arg(total->text())
                                 : tr("Total: the sale mixes currencies; sell each currency separately"));
    m_releaseButton->setEnabled(m_connected && any);
    m_extendButton->setEnabled(m_connected && any && m_extensionsLeft > 0);
    m_extendButton->setText(any ? tr("E&xtend (%1 left)").arg(m_extensionsLeft) : tr("E&xtend"));
    m_cashButton->setEnabled(m_connected && any);
    m_cardButton->setEnabled(m_connected && any);
    m_holdButton->setEnabled(m_connected);
    m_bestButton->setEnabled(m_connected);
    m_extras->setSaleEnabled(m_connected);
    updateBannerHolds();
}

void DeskWindow::updateTitle()
{
    const QString role = staffRoleWords(m_staff.role);
    const QString event = m_live && m_live->loaded() ? m_scene->seatMap().event.name : tr("no event");
    setWindowTitle(tr("Box office — %1 — %2 (%3)").arg(event, m_staff.user, role));
    showStaff();
    updateHouseBar();
}

} // namespace boxoffice
