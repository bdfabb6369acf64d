#include "ui/frontdesk/groupblockstab.h"

#include "ui/common/errortext.h"
#include "ui/common/money.h"
#include "ui/sale/countercheckout.h"
#include "ui/sale/serverclock.h"

#include <QComboBox>
#include <QDateEdit>
#include <QDateTimeEdit>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTableWidget>
#include <QUuid>
#include <QVBoxLayout>

namespace boxoffice {

namespace {

enum BlockColumn { GroupColumn, RoomColumn, NightsColumn, CutoffColumn, HeldColumn, PickedColumn, RemainingColumn };

QTableWidgetItem *cell(const QString &text, Qt::Alignment align = Qt::AlignLeft | Qt::AlignVCenter)
{
    auto *item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    item->setTextAlignment(align);
    return item;
}

QTableWidgetItem *number(int value)
{
    return cell(QString::number(value), Qt::AlignRight | Qt::AlignVCenter);
}

} // namespace

GroupBlocksTab::GroupBlocksTab(StaffIdentity staff, ServerClock &clock, QWidget *parent)
    : QWidget(parent), m_staff(std::move(staff)), m_clock(clock)
{
    m_checkout = new CounterCheckout(m_clock, this);
    buildUi();
}

void GroupBlocksTab::buildUi()
{
    auto *layout = new QVBoxLayout(this);
    auto *lists = new QHBoxLayout;
    m_table = new QTableWidget(0, 7);
    m_table->setAccessibleName(tr("Group blocks"));
    m_table->setHorizontalHeaderLabels({tr("Group"), tr("Room type"), tr("Nights"), tr("Cut-off"), tr("Rooms a night"),
                                        tr("Picked up"), tr("Remaining")});
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(GroupColumn, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(NightsColumn, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(CutoffColumn, QHeaderView::ResizeToContents);
    lists->addWidget(m_table, 3);
    m_nightsTable = new QTableWidget(0, 3);
    m_nightsTable->setAccessibleName(tr("Nights of the chosen block"));
    m_nightsTable->setHorizontalHeaderLabels({tr("Night"), tr("Picked up"), tr("Remaining")});
    m_nightsTable->verticalHeader()->hide();
    m_nightsTable->setSelectionMode(QAbstractItemView::NoSelection);
    m_nightsTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    lists->addWidget(m_nightsTable, 1);
    layout->addLayout(lists, 1);
    connect(m_table, &QTableWidget::itemSelectionChanged, this, [this] {
        showNights();
        // A block chosen anew offers its own nights; a refresh keeps what the clerk set.
        if (const GroupBlock *block = selected()) {
            if (m_pickFrom->property("block").toLongLong() != block->id) {
                m_pickFrom->setProperty("block", block->id);
                m_pickFrom->setDate(block->firstNight);
                m_pickUntil->setDate(block->afterLast);
                m_shrinkTo->setValue(block->roomsHeld());
            }
        }
    });

    auto *actions = new QHBoxLayout;
    auto *pickBox = new QGroupBox(tr("Pick up a guest of the group"));
    auto *pickForm = new QFormLayout(pickBox);
    m_guest = new QLineEdit;
    m_guest->setPlaceholderText(tr("Guest's name"));
    pickForm->addRow(tr("&Guest:"), m_guest);
    m_pickFrom = new QDateEdit;
    m_pickFrom->setCalendarPopup(true);
    pickForm->addRow(tr("Check-&in:"), m_pickFrom);
    m_pickUntil = new QDateEdit;
    m_pickUntil->setCalendarPopup(true);
    pickForm->addRow(tr("Check-o&ut:"), m_pickUntil);
    m_method = new QComboBox;
    m_method->addItem(tr("Cash"), int(PaymentMethod::Cash));
    m_method->addItem(tr("Card"), int(PaymentMethod::Card));
    m_method->addItem(tr("On guarantee"), int(PaymentMethod::Guarantee));
    pickForm->addRow(tr("&Payment:"), m_method);
    m_pickUpButton = new QPushButton(tr("Pick &up and book"));
    pickForm->addRow(m_pickUpButton);
    connect(m_pickUpButton, &QPushButton::clicked, this, &GroupBlocksTab::pickUp);
    connect(m_guest, &QLineEdit::returnPressed, this, &GroupBlocksTab::pickUp);
    actions->addWidget(pickBox);

    auto *createBox = new QGroupBox(tr("Hold rooms for a group (manager)"));
    auto *createForm = new QFormLayout(createBox);
    m_groupName = new QLineEdit;
    m_groupName->setPlaceholderText(tr("Group's name"));
    createForm->addRow(tr("Gro&up:"), m_groupName);
    m_roomType = new QComboBox;
    createForm->addRow(tr("Room &type:"), m_roomType);
    m_firstNight = new QDateEdit;
    m_firstNight->setCalendarPopup(true);
    createForm->addRow(tr("&First night:"), m_firstNight);
    m_nights = new QSpinBox;
    m_nights->setRange(1, GroupBlockRules::maxNights);
    m_nights->setValue(3);
    createForm->addRow(tr("&Nights:"), m_nights);
    m_rooms = new QSpinBox;
    m_rooms->setRange(1, GroupBlockRules::maxRoomsPerNight);
    m_rooms->setValue(5);
    createForm->addRow(tr("&Rooms a night:"), m_rooms);
    m_cutoff = new QDateTimeEdit;
    m_cutoff->setCalendarPopup(true);
    m_cutoff->setDisplayFormat(QStringLiteral("yyyy-MM-dd HH:mm"));
    createForm->addRow(tr("&Cut-off:"), m_cutoff);
    m_create = new QPushButton(tr("&Hold rooms for the group"));
    createForm->addRow(m_create);
    connect(m_create, &QPushButton::clicked, this, &GroupBlocksTab::createBlock);
    actions->addWidget(createBox);

    auto *shrinkBox = new QGroupBox(tr("Give rooms back (manager)"));
    auto *shrinkForm = new QFormLayout(shrinkBox);
    m_shrinkTo = new QSpinBox;
    m_shrinkTo->setRange(0, GroupBlockRules::maxRoomsPerNight);
    shrinkForm->addRow(tr("&Keep rooms a night:"), m_shrinkTo);
    m_shrink = new QPushButton(tr("&Shrink the block"));
    shrinkForm->addRow(m_shrink);
    m_release = new QPushButton(tr("&Let the whole block go"));
    shrinkForm->addRow(m_release);
    connect(m_shrink, &QPushButton::clicked, this, &GroupBlocksTab::shrinkSelected);
    connect(m_release, &QPushButton::clicked, this, &GroupBlocksTab::releaseSelected);
    actions->addWidget(shrinkBox);
    layout->addLayout(actions);

    m_message = new QLabel;
    m_message->setWordWrap(true);
    m_message->setAccessibleName(tr("Group blocks message"));
    layout->addWidget(m_message);

    m_changers = {m_pickUpButton, m_create, m_shrink, m_release};
    m_managerOnly = {m_create, m_shrink, m_release};
    // A clerk sees the blocks and picks guests up; the database refuses the rest whatever this shows.
    const bool manager = m_staff.role == StaffRole::Manager;
    for (QWidget *widget : std::as_const(m_managerOnly)) {
        widget->setEnabled(manager);
        if (!manager)
            widget->setToolTip(tr("Only a manager holds, shrinks or lets go of a group's rooms."));
    }
}

void GroupBlocksTab::setServices(const DeskServices &services)
{
    m_services = services;
    m_checkout->setService(services.sales, services.calls);
    setConnected(services.ready() && services.blocks);
}

void GroupBlocksTab::setConnected(bool connected)
{
    m_connected = connected;
    const bool manager = m_staff.role == StaffRole::Manager;
    for (QWidget *changer : std::as_const(m_changers))
        changer->setEnabled(connected && (manager || !m_managerOnly.contains(changer)));
}

void GroupBlocksTab::setHotel(const HotelSummary &hotel)
{
    const bool newHotel = hotel.id != m_hotel.id;
    QVector<RoomTypeId> shown;
    for (int i = 0; i < m_roomType->count(); ++i)
        shown << m_roomType->itemData(i).toLongLong();
    QVector<RoomTypeId> read;
    for (const RoomTypeSummary &type : hotel.roomTypes)
        read << type.id;
    m_hotel = hotel;
    if (shown != read) {
        const RoomTypeId chosen = m_roomType->currentData().toLongLong();
        m_roomType->clear();
        for (const RoomTypeSummary &type : hotel.roomTypes)
            m_roomType->addItem(QStringLiteral("%1 %2").arg(type.code, type.name), type.id);
        if (const int again = m_roomType->findData(chosen); again >= 0)
            m_roomType->setCurrentIndex(again);
    }
    if (newHotel) {
        const QDate today = m_clock.now().toLocalTime().date();
        const QDate first = qMax(today, hotel.firstNight);
        m_firstNight->setDateRange(hotel.firstNight, hotel.lastNight);
        m_firstNight->setDate(first.addDays(14));
        m_cutoff->setDateTime(QDateTime(first.addDays(7), QTime(18, 0)));
    }
    reload();
}

void GroupBlocksTab::reload()
{
    if (!m_services.blocks || !m_hotel.id)
        return;
    auto read = m_services.calls([&] { return m_services.blocks->blocks(m_hotel.id, m_hotel.firstNight); });
    if (!read) {
        qWarning("Groups: reading the blocks failed: %s", qPrintable(read.error().message));
        return;
    }
    m_blocks = read.value();
    showBlocks();
}

void GroupBlocksTab::showBlocks()
{
    const GroupBlockId keep = selectedBlock();
    const QSignalBlocker blocker(m_table);
    m_table->setRowCount(int(m_blocks.size()));
    int keepRow = -1;
    for (int row = 0; row < m_blocks.size(); ++row) {
        const GroupBlock &block = m_blocks.at(row);
        auto *name = cell(block.groupName);
        name->setData(Qt::UserRole, block.id);
        m_table->setItem(row, GroupColumn, name);
        m_table->setItem(row, RoomColumn, cell(block.roomTypeCode));
        // Arrival and departure days, short enough to read in the column.
        const QString nights = tr("%1 – %2 (%n night(s))", nullptr, int(block.firstNight.daysTo(block.afterLast)))
                                   .arg(QLocale().toString(block.firstNight, QStringLiteral("d MMM")),
                                        QLocale().toString(block.afterLast, QStringLiteral("d MMM")));
        m_table->setItem(row, NightsColumn, cell(nights));
        const QDateTime local = block.cutoff.toLocalTime();
        const QString cutoff = QLocale().toString(local.date(), QLocale::ShortFormat) + QLatin1Char(' ')
            + QLocale().toString(local.time(), QStringLiteral("HH:mm"));
        m_table->setItem(row, CutoffColumn,
                         cell(block.pastCutoff ? tr("%1 (passed: rooms on sale)").arg(cutoff) : cutoff));
        m_table->setItem(row, HeldColumn, number(block.roomsHeld()));
        m_table->setItem(row, PickedColumn, number(block.pickedTotal()));
        m_table->setItem(row, RemainingColumn, number(block.remainingTotal()));
        if (block.id == keep)
            keepRow = row;
    }
    if (keepRow >= 0)
        m_table->selectRow(keepRow);
    else
        m_table->clearSelection();
    showNights();
}

void GroupBlocksTab::showNights()
{
    const GroupBlock *block = selected();
    m_nightsTable->setRowCount(block ? int(block->nights.size()) : 0);
    if (!block)
        return;
    for (int row = 0; row < block->nights.size(); ++row) {
        const GroupBlockNight &night = block->nights.at(row);
        m_nightsTable->setItem(row, 0, cell(QLocale().toString(night.night, QLocale::ShortFormat)));
        m_nightsTable->setItem(row, 1, number(night.picked));
        m_nightsTable->setItem(row, 2, number(block->remainingOn(night.night)));
    }
}

GroupBlockId GroupBlocksTab::selectedBlock() const
{
    const QList<QTableWidgetItem *> items = m_table->selectedItems();
    for (QTableWidgetItem *item : items) {
        if (item->column() == GroupColumn)
            return item->data(Qt::UserRole).toLongLong();
    }
    return 0;
}

const GroupBlock *GroupBlocksTab::selected() const
{
    const GroupBlockId id = selectedBlock();
    for (const GroupBlock &block : m_blocks) {
        if (block.id == id)
            return &block;
    }
    return nullptr;
}

bool GroupBlocksTab::selectBlock(GroupBlockId block)
{
    for (int row = 0; row < m_table->rowCount(); ++row) {
        if (m_table->item(row, GroupColumn)->data(Qt::UserRole).toLongLong() == block) {
            m_table->selectRow(row);
            return true;
        }
    }
    return false;
}

bool GroupBlocksTab::refusedOffline()
{
    if (m_connected && m_services.blocks)
        return false;
    showMessage(tr("The server cannot be reached, so no group's rooms can be held or picked up until it is back."),
                true);
    return true;
}

void GroupBlocksTab::createBlock()
{
    if (refusedOffline())
        return;
    const QDate first = m_firstNight->date();
    const GroupBlockRequest request
        = GroupBlockRequest::constant(m_roomType->currentData().toLongLong(), m_groupName->text(), first,
                                      first.addDays(m_nights->value()), m_rooms->value(), m_cutoff->dateTime().toUTC());
    auto made = m_services.calls([&] { return m_services.blocks->create(request); });
    if (!made) {
        showMessage(errorText(made.error()), true);
        emit changed();
        return;
    }
    reload();
    selectBlock(made.value());
    showMessage(tr("Holding %n room(s) a night for %1 until %2.", nullptr, m_rooms->value())
                    .arg(request.groupName.trimmed(), QLocale().toString(m_cutoff->dateTime(), QLocale::ShortFormat)));
    m_groupName->clear();
    emit changed();
}

void GroupBlocksTab::pickUp()
{
    if (refusedOffline())
        return;
    const GroupBlock *block = selected();
    if (!block) {
        showMessage(tr("Choose the group's block in the list first."), true);
        return;
    }
    PickUpRequest request;
    request.block = block->id;
    request.cart = QStringLiteral("desk-group-%1").arg(QUuid::createUuid().toString(QUuid::Id128).left(16));
    request.checkIn = m_pickFrom->date();
    request.checkOut = m_pickUntil->date();
    request.guestName = m_guest->text();
    const QString group = block->groupName;
    if (auto rules = GroupBlockRules::check(request, *block); !rules) {
        showMessage(errorText(rules.error()), true);
        return;
    }
    auto held = m_services.calls([&] { return m_services.blocks->pickUp(request); });
    if (!held) {
        showMessage(errorText(held.error()), true);
        reload();
        return;
    }
    const auto method = PaymentMethod(m_method->currentData().toInt());
    const CounterCheckout::Outcome outcome = m_checkout->run({request.cart, method, true, this, paymentHook});
    if (!outcome.sale) {
        // Nothing was paid: the room goes back to the block, not to general sale.
        auto back = m_services.calls([&] { return m_services.blocks->returnPickUp(request.cart, held->stay); });
        if (!back)
            qWarning("Groups: returning a pick-up failed: %s", qPrintable(back.error().message));
        showMessage(outcome.message.isEmpty() ? tr("Nothing was booked; the room stays in %1's block.").arg(group)
                                              : outcome.message,
                    !outcome.message.isEmpty());
        reload();
        emit changed();
        return;
    }
    const CounterSale &sale = *outcome.sale;
    QString text = method == PaymentMethod::Guarantee
        ? tr("Booked %1 of %2 on guarantee (reference %3): %4 due on departure.")
              .arg(request.guestName.trimmed(), group, held->reference, sale.order.amount.text())
        : tr("Booked %1 of %2 (reference %3): %4 paid.")
              .arg(request.guestName.trimmed(), group, held->reference, sale.charged.text());
    if (sale.change.minor() > 0)
        text += QLatin1Char(' ') + tr("Give %1 change.").arg(sale.change.text());
    m_guest->clear();
    showMessage(text);
    reload();
    emit changed();
    emit counterSaleMade(sale, m_checkout->lastPayment());
}

void GroupBlocksTab::shrinkSelected()
{
    if (refusedOffline())
        return;
    const GroupBlock *block = selected();
    if (!block) {
        showMessage(tr("Choose the group's block in the list first."), true);
        return;
    }
    const GroupBlockId id = block->id;
    const QString group = block->groupName;
    const int keep = m_shrinkTo->value();
    auto returned = m_services.calls([&] { return m_services.blocks->shrink(id, keep); });
    showMessage(
        returned ? tr("%1 keeps at most %2 room(s) a night; %n room-night(s) back on sale.", nullptr, returned.value())
                       .arg(group)
                       .arg(keep)
                 : errorText(returned.error()),
        !returned);
    reload();
    emit changed();
}

void GroupBlocksTab::releaseSelected()
{
    if (refusedOffline())
        return;
    const GroupBlock *block = selected();
    if (!block) {
        showMessage(tr("Choose the group's block in the list first."), true);
        return;
    }
    const GroupBlockId id = block->id;
    const QString group = block->groupName;
    auto returned = m_services.calls([&] { return m_services.blocks->release(id); });
    showMessage(returned ? tr("Let %1's block go: %n room-night(s) back on sale; guests picked up keep their rooms.",
                              nullptr, returned.value())
                               .arg(group)
                         : errorText(returned.error()),
                !returned);
    reload();
    emit changed();
}

QString GroupBlocksTab::message() const
{
    return m_message->text();
}

void GroupBlocksTab::showMessage(const QString &text, bool problem)
{
    m_message->setStyleSheet(problem ? QStringLiteral("color:#b01c1c; font-weight:bold;") : QString());
    m_message->setText(text);
}

} // namespace boxoffice
