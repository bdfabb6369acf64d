#include "ui/desk/placestablespanel.h"

#include "domain/poolservice.h"
#include "domain/slotservice.h"
#include "ui/common/clerkerror.h"
#include "ui/common/money.h"
#include "ui/sale/cartmodel.h"

#include <QAction>
#include <QComboBox>
#include <QDateEdit>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>

namespace boxoffice {

namespace {

constexpr int firstTableMinute = 11 * 60;
constexpr int lastTableMinute = 23 * 60;

// Enter in a number field holds what its row describes, as the sale keys do elsewhere.
class EnterSpinBox : public QSpinBox
{
public:
    std::function<void()> onEnter;

protected:
    void keyPressEvent(QKeyEvent *event) override
    {
        if ((event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) && onEnter) {
            interpretText();
            onEnter();
            return;
        }
        QSpinBox::keyPressEvent(event);
    }
};

} // namespace

PlacesTablesPanel::PlacesTablesPanel(QWidget *parent) : QGroupBox(tr("Standing places and tables (same sale)"), parent)
{
    setObjectName(QStringLiteral("placesTablesPanel"));
    // One grid, so the two rows line up: what (area or restaurant), how many, and the key that holds.
    auto *layout = new QGridLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);

    auto *standingLabel = new QLabel(tr("&Standing:"));
    m_pool = new QComboBox;
    m_pool->setObjectName(QStringLiteral("poolPicker"));
    m_pool->setAccessibleName(tr("Standing area"));
    standingLabel->setBuddy(m_pool);
    auto *places = new EnterSpinBox;
    places->onEnter = [this] { holdPlaces(); };
    m_places = places;
    m_places->setObjectName(QStringLiteral("placesCount"));
    m_places->setAccessibleName(tr("Number of standing places"));
    m_places->setRange(1, PoolService::maxQuantityPerHold);
    m_places->setValue(2);
    m_places->setSuffix(tr(" place(s)"));
    m_holdPlaces = new QPushButton(tr("Hold places"));
    m_holdPlaces->setObjectName(QStringLiteral("holdPlaces"));
    m_holdPlaces->setToolTip(tr("Hold this many standing places in this sale (Ctrl+G)"));
    layout->addWidget(standingLabel, 0, 0);
    layout->addWidget(m_pool, 0, 1, 1, 3);
    layout->addWidget(m_places, 0, 4);
    layout->addWidget(m_holdPlaces, 0, 5);
    m_standingWidgets = {standingLabel, m_pool, m_places, m_holdPlaces};

    auto *tableLabel = new QLabel(tr("&Table:"));
    m_restaurant = new QComboBox;
    m_restaurant->setObjectName(QStringLiteral("restaurantPicker"));
    m_restaurant->setAccessibleName(tr("Restaurant"));
    tableLabel->setBuddy(m_restaurant);
    m_date = new QDateEdit(QDate::currentDate());
    m_date->setObjectName(QStringLiteral("tableDate"));
    m_date->setAccessibleName(tr("Table date"));
    m_date->setCalendarPopup(true);
    m_date->setDisplayFormat(QStringLiteral("ddd d MMM"));
    m_time = new QComboBox;
    m_time->setObjectName(QStringLiteral("tableTime"));
    m_time->setAccessibleName(tr("Table time"));
    for (int minute = firstTableMinute; minute <= lastTableMinute; minute += 30)
        m_time->addItem(QTime(minute / 60, minute % 60).toString(QStringLiteral("HH:mm")), minute);
    m_length = new QComboBox;
    m_length->setObjectName(QStringLiteral("tableLength"));
    m_length->setAccessibleName(tr("How long the table is booked"));
    for (const int minutes : {90, 120, 150, 180})
        m_length->addItem(tr("for %1 h %2").arg(minutes / 60).arg(minutes % 60, 2, 10, QLatin1Char('0')), minutes);
    m_length->setCurrentIndex(1);
    auto *party = new EnterSpinBox;
    party->onEnter = [this] { holdTable(); };
    m_party = party;
    m_party->setObjectName(QStringLiteral("partySize"));
    m_party->setAccessibleName(tr("Party size"));
    m_party->setRange(1, 20);
    m_party->setValue(2);
    m_party->setSuffix(tr(" people"));
    m_holdTable = new QPushButton(tr("Hold table"));
    m_holdTable->setObjectName(QStringLiteral("holdTable"));
    m_holdTable->setToolTip(tr("Hold the best free table for this party and time in this sale (Ctrl+T)"));
    layout->addWidget(tableLabel, 1, 0);
    layout->addWidget(m_restaurant, 1, 1, 1, 3);
    layout->addWidget(m_party, 1, 4);
    layout->addWidget(m_holdTable, 1, 5);
    layout->addWidget(m_date, 2, 1);
    layout->addWidget(m_time, 2, 2);
    layout->addWidget(m_length, 2, 3);
    layout->setColumnStretch(1, 1);
    layout->setColumnStretch(2, 1);
    layout->setColumnStretch(3, 1);

    connect(m_holdPlaces, &QPushButton::clicked, this, &PlacesTablesPanel::holdPlaces);
    connect(m_holdTable, &QPushButton::clicked, this, &PlacesTablesPanel::holdTable);
    const auto shortcut = [this](const QKeySequence &keys, void (PlacesTablesPanel::*slot)()) {
        auto *action = new QAction(this);
        action->setShortcut(keys);
        action->setShortcutContext(Qt::WindowShortcut);
        connect(action, &QAction::triggered, this, slot);
        addAction(action);
    };
    shortcut(QKeySequence(Qt::CTRL | Qt::Key_G), &PlacesTablesPanel::holdPlaces);
    shortcut(QKeySequence(Qt::CTRL | Qt::Key_T), &PlacesTablesPanel::holdTable);
    setStandingVisible(false);
    updateEnabled();
}

void PlacesTablesPanel::setStandingVisible(bool visible)
{
    for (QWidget *widget : m_standingWidgets)
        widget->setVisible(visible);
}

void PlacesTablesPanel::setServices(PoolService *pools, SlotService *tables, DatabaseCalls calls)
{
    m_pools = pools;
    m_slots = tables;
    m_calls = std::move(calls);
    loadRestaurants();
    refreshPools();
}

void PlacesTablesPanel::setEvent(EventId event, const QDateTime &startsAt)
{
    m_event = event;
    if (startsAt.isValid()) {
        // A table before the show: two hours ahead of curtain up, on the half hour.
        const QDateTime local = startsAt.toLocalTime();
        m_date->setDate(local.date());
        const int minute
            = qBound(firstTableMinute, (local.time().msecsSinceStartOfDay() / 60000 - 120) / 30 * 30, lastTableMinute);
        m_time->setCurrentIndex(qMax(0, m_time->findData(minute)));
    }
    refreshPools();
}

void PlacesTablesPanel::setSaleEnabled(bool enabled)
{
    m_saleEnabled = enabled;
    updateEnabled();
}

bool PlacesTablesPanel::hasStanding() const
{
    return !m_poolList.isEmpty();
}

void PlacesTablesPanel::refreshPools()
{
    if (!m_pools || m_event <= 0) {
        m_poolList.clear();
        m_pool->clear();
        setStandingVisible(false);
        updateEnabled();
        return;
    }
    const EventId event = m_event;
    auto pools = m_calls([&] { return m_pools->pools(event); });
    if (!pools) {
        emit refused(pools.error(), ClerkError::text(pools.error()));
        return;
    }
    const PoolId current = m_pool->currentData().toLongLong();
    m_poolList = pools.value();
    const auto text = [](const PoolSummary &pool) {
        return tr("%1 — %2 each, %3 left").arg(pool.name, pool.price.text()).arg(qMax(0, pool.available));
    };
    bool samePools = m_pool->count() == m_poolList.size();
    for (int i = 0; samePools && i < m_poolList.size(); ++i)
        samePools = m_pool->itemData(i).toLongLong() == m_poolList.at(i).id;
    if (samePools) {
        // A live refresh changes the numbers only: the clerk's choice, focus and open list stay.
        for (int i = 0; i < m_poolList.size(); ++i)
            m_pool->setItemText(i, text(m_poolList.at(i)));
    } else {
        const QSignalBlocker blocker(m_pool);
        m_pool->clear();
        for (const PoolSummary &pool : m_poolList)
            m_pool->addItem(text(pool), pool.id);
        const int again = m_pool->findData(current);
        m_pool->setCurrentIndex(again >= 0 ? again : 0);
    }
    setStandingVisible(!m_poolList.isEmpty());
    updateEnabled();
}

void PlacesTablesPanel::loadRestaurants()
{
    m_restaurants.clear();
    m_restaurant->clear();
    if (m_slots) {
        auto restaurants = m_calls([&] { return m_slots->restaurants(); });
        if (!restaurants) {
            emit refused(restaurants.error(), ClerkError::text(restaurants.error()));
        } else {
            m_restaurants = restaurants.value();
            for (const RestaurantSummary &restaurant : m_restaurants)
                m_restaurant->addItem(tr("%1 (deposit %2)").arg(restaurant.name, restaurant.deposit.text()),
                                      restaurant.id);
        }
    }
    updateEnabled();
}

void PlacesTablesPanel::updateEnabled()
{
    m_holdPlaces->setEnabled(m_saleEnabled && m_pools && !m_poolList.isEmpty() && !m_cart.isEmpty());
    m_holdTable->setEnabled(m_saleEnabled && m_slots && !m_restaurants.isEmpty() && !m_cart.isEmpty());
}

QString PlacesTablesPanel::poolName(PoolId pool) const
{
    for (const PoolSummary &summary : m_poolList) {
        if (summary.id == pool)
            return summary.name;
    }
    return tr("standing");
}

void PlacesTablesPanel::holdPlaces()
{
    if (!m_saleEnabled || !m_pools || m_cart.isEmpty() || m_pool->currentIndex() < 0)
        return;
    const PoolId pool = m_pool->currentData().toLongLong();
    PoolSummary summary;
    for (const PoolSummary &candidate : m_poolList) {
        if (candidate.id == pool)
            summary = candidate;
    }
    PoolHoldRequest request;
    request.pool = pool;
    request.cart = m_cart;
    request.quantity = m_places->value();
    const auto hold = m_calls([&] { return m_pools->hold(request); });
    if (!hold) {
        refreshPools();
        QString words;
        if (hold.error().code == ErrorCode::Lost) {
            int left = 0;
            for (const PoolSummary &now : m_poolList) {
                if (now.id == pool)
                    left = qMax(0, now.available);
            }
            words = left == 0
                ? tr("%1 is sold out; nothing was held. Offer seats instead.").arg(summary.name)
                : tr("Only %n place(s) left in %1; nothing was held. Hold fewer.", nullptr, left).arg(summary.name);
        } else if (hold.error().code == ErrorCode::Conflict) {
            words = tr("This sale already holds places in %1. To change the number, give those back first (select "
                       "the row, Ctrl+R), then hold the new number.")
                        .arg(summary.name);
        } else {
            words = ClerkError::text(hold.error());
        }
        emit refused(hold.error(), words);
        return;
    }
    CartEntry entry;
    entry.kind = ItemKind::Pool;
    entry.unit = hold->holdId;
    entry.pool = pool;
    entry.quantity = hold->quantity;
    entry.label = tr("%1 × %2").arg(summary.name).arg(hold->quantity);
    entry.section = tr("Standing");
    entry.price = summary.price.withMinor(summary.price.minor() * hold->quantity);
    entry.expiresAt = hold->expiresAt;
    const QString message = hold->refreshed
        ? tr("The hold on %n standing place(s) in %1 was renewed.", nullptr, hold->quantity).arg(summary.name)
        : tr("Held %n standing place(s) in %1.", nullptr, hold->quantity).arg(summary.name);
    refreshPools();
    emit held({entry}, message);
}

QDateTime PlacesTablesPanel::tableStart() const
{
    const int minute = m_time->currentData().toInt();
    return QDateTime(m_date->date(), QTime(minute / 60, minute % 60));
}

void PlacesTablesPanel::holdTable()
{
    if (!m_saleEnabled || !m_slots || m_cart.isEmpty() || m_restaurant->currentIndex() < 0)
        return;
    const RestaurantSummary restaurant = m_restaurants.value(m_restaurant->currentIndex());
    TableSearch search;
    search.restaurant = restaurant.id;
    search.cart = m_cart;
    search.partySize = m_party->value();
    search.start = tableStart();
    search.minutes = m_length->currentData().toInt();
    const QString when
        = tr("%1 at %2")
              .arg(search.start.toString(QStringLiteral("ddd d MMM")), search.start.toString(QStringLiteral("HH:mm")));
    const auto booking = m_calls([&] { return m_slots->findAndHold(search); });
    if (!booking) {
        const QString words = booking.error().code == ErrorCode::Lost
            ? tr("No table for %n people is free at %1 on %2; nothing was held. Try another time.", nullptr,
                 search.partySize)
                  .arg(restaurant.name, when)
            : ClerkError::text(booking.error());
        emit refused(booking.error(), words);
        return;
    }
    const QDateTime start = booking->start.toLocalTime();
    const QDateTime end = booking->end.toLocalTime();
    CartEntry entry;
    entry.kind = ItemKind::Slot;
    entry.unit = booking->id;
    entry.quantity = search.partySize;
    entry.label = tr("Table %1, %n people", nullptr, search.partySize).arg(booking->table);
    entry.section = tr("%1, %2 %3–%4")
                        .arg(restaurant.name, start.toString(QStringLiteral("ddd d MMM")),
                             start.toString(QStringLiteral("HH:mm")), end.toString(QStringLiteral("HH:mm")));
    entry.price = restaurant.deposit;
    entry.expiresAt = booking->expiresAt;
    emit held({entry},
              booking->refreshed ? tr("The hold on table %1 was renewed.").arg(booking->table)
                                 : tr("Held table %1 at %2 for %n people (deposit %3).", nullptr, search.partySize)
                                       .arg(booking->table, when, restaurant.deposit.text()));
}

} // namespace boxoffice
