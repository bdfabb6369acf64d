#include "ui/hotel/roomrackpanel.h"

#include "ui/common/errortext.h"
#include "ui/hotel/roomrackmodel.h"

#include <QComboBox>
#include <QDateEdit>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

#include <utility>

namespace boxoffice {

namespace {

constexpr int nightsShown = 14;

} // namespace

RoomRackPanel::RoomRackPanel(QWidget *parent) : QWidget(parent)
{
    m_model = new RoomRackModel(this);
    buildUi();
    setConnected(false);
}

void RoomRackPanel::buildUi()
{
    auto *layout = new QVBoxLayout(this);

    auto *top = new QHBoxLayout;
    auto *fromLabel = new QLabel(tr("&From:"));
    m_from = new QDateEdit(QDate::currentDate());
    m_from->setCalendarPopup(true);
    m_from->setAccessibleName(tr("First night shown"));
    fromLabel->setBuddy(m_from);
    top->addWidget(fromLabel);
    top->addWidget(m_from);
    auto *searchLabel = new QLabel(tr("S&tay:"));
    m_search = new QLineEdit;
    m_search->setObjectName(QStringLiteral("roomStaySearch"));
    m_search->setPlaceholderText(tr("Name or booking reference, then Enter"));
    m_search->setAccessibleName(tr("Find the stay to give a room"));
    searchLabel->setBuddy(m_search);
    top->addWidget(searchLabel);
    top->addWidget(m_search, 1);
    m_stays = new QComboBox;
    m_stays->setObjectName(QStringLiteral("roomStays"));
    m_stays->setAccessibleName(tr("Stay chosen"));
    m_stays->setMinimumContentsLength(28);
    top->addWidget(m_stays, 2);
    auto *assign = new QPushButton(tr("&Give this room"));
    assign->setObjectName(QStringLiteral("assignRoom"));
    assign->setToolTip(tr("The chosen booked stay gets the room selected in the rack for all its nights."));
    auto *move = new QPushButton(tr("Move &guest here"));
    move->setObjectName(QStringLiteral("moveGuest"));
    move->setToolTip(tr("The chosen guest in house sleeps in the selected room from tonight on."));
    top->addWidget(assign);
    top->addWidget(move);
    layout->addLayout(top);

    m_view = new QTableView;
    m_view->setObjectName(QStringLiteral("roomRack"));
    m_view->setModel(m_model);
    m_view->setAccessibleName(tr("Room rack"));
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setTabKeyNavigation(false); // Tab leaves the table; the arrows move within it
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 8);
    m_view->setWordWrap(false); // a long name is elided, every room one line high
    m_view->horizontalHeader()->setDefaultSectionSize(104);
    m_view->horizontalHeader()->setMinimumSectionSize(48);
    layout->addWidget(m_view, 1);

    auto *bottom = new QHBoxLayout;
    bottom->addWidget(new QLabel(tr("Housekeeping:")));
    const std::pair<QString, Housekeeping> steps[] = {{tr("&Dirty"), Housekeeping::Dirty},
                                                      {tr("C&lean"), Housekeeping::Clean},
                                                      {tr("&Inspected"), Housekeeping::Inspected}};
    for (const auto &[text, state] : steps) {
        auto *button = new QPushButton(text);
        button->setObjectName(QStringLiteral("housekeeping") + housekeepingName(state));
        connect(button, &QPushButton::clicked, this, [this, state = state] { setHousekeeping(state); });
        m_changers << button;
        bottom->addWidget(button);
    }
    bottom->addSpacing(16);
    auto *outLabel = new QLabel(tr("Out of order &nights:"));
    m_outFrom = new QDateEdit(QDate::currentDate());
    m_outFrom->setCalendarPopup(true);
    m_outFrom->setAccessibleName(tr("First night out of order"));
    outLabel->setBuddy(m_outFrom);
    m_outUntil = new QDateEdit(QDate::currentDate().addDays(1));
    m_outUntil->setCalendarPopup(true);
    m_outUntil->setAccessibleName(tr("First night back in service"));
    m_outReason = new QLineEdit;
    m_outReason->setObjectName(QStringLiteral("outOfOrderReason"));
    m_outReason->setPlaceholderText(tr("Why, e.g. water leak"));
    m_outReason->setAccessibleName(tr("Why the room is out of order"));
    auto *out = new QPushButton(tr("Out of o&rder"));
    out->setObjectName(QStringLiteral("outOfOrder"));
    auto *back = new QPushButton(tr("&Back in service"));
    back->setObjectName(QStringLiteral("backInService"));
    bottom->addWidget(outLabel);
    bottom->addWidget(m_outFrom);
    bottom->addWidget(new QLabel(tr("until")));
    bottom->addWidget(m_outUntil);
    bottom->addWidget(m_outReason, 1);
    bottom->addWidget(out);
    bottom->addWidget(back);
    layout->addLayout(bottom);
    m_changers << assign << move << out << back;

    m_message = new QLabel;
    m_message->setObjectName(QStringLiteral("roomsMessage"));
    m_message->setWordWrap(true);
    layout->addWidget(m_message);

    connect(m_from, &QDateEdit::dateChanged, this, [this] { load(true); });
    connect(m_search, &QLineEdit::returnPressed, this, [this] { findStays(m_search->text()); });
    connect(assign, &QPushButton::clicked, this, &RoomRackPanel::assignRoom);
    connect(move, &QPushButton::clicked, this, &RoomRackPanel::moveGuest);
    connect(out, &QPushButton::clicked, this,
            [this] { markOutOfOrder(m_outFrom->date(), m_outUntil->date(), m_outReason->text()); });
    connect(back, &QPushButton::clicked, this, &RoomRackPanel::bringBackInService);
}

void RoomRackPanel::setServices(RoomService *rooms, FrontDeskService *frontDesk, const DatabaseCalls &calls)
{
    m_rooms = rooms;
    m_frontDesk = frontDesk;
    m_calls = calls;
    setConnected(rooms != nullptr);
    load(true);
}

void RoomRackPanel::setHotel(HotelId hotel)
{
    if (hotel == m_hotel)
        return;
    m_hotel = hotel;
    load(false);
}

void RoomRackPanel::setConnected(bool connected)
{
    m_connected = connected && m_rooms;
    for (QWidget *changer : std::as_const(m_changers))
        changer->setEnabled(m_connected);
}

void RoomRackPanel::refresh()
{
    // A hidden tab reads the rack when it is shown (showEvent), not on every change elsewhere.
    if (isVisible())
        load(true);
}

void RoomRackPanel::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    // After the show, not inside it: reading waits for the database in a nested event loop, and
    // events it lets run (a panel rebuilding its widgets) must not delete children the window is
    // still walking to show (a crash in QWidgetPrivate::showChildren under load).
    QMetaObject::invokeMethod(
        this, [this] { load(true); }, Qt::QueuedConnection);
}

void RoomRackPanel::load(bool keepMessage)
{
    if (!m_rooms || !m_hotel)
        return;
    const QDate from = m_from->date();
    auto rack = m_calls([&] { return m_rooms->rack(m_hotel, from, from.addDays(nightsShown)); });
    if (!rack) {
        if (!keepMessage)
            showMessage(errorText(rack.error()), true);
        return;
    }
    m_model->setRack(rack.value());
    if (m_view->horizontalHeader()->count() > RoomRackModel::HousekeepingColumn) {
        m_view->horizontalHeader()->resizeSection(RoomRackModel::RoomColumn, 64);
        m_view->horizontalHeader()->resizeSection(RoomRackModel::TypeColumn, 56);
        m_view->horizontalHeader()->resizeSection(RoomRackModel::HousekeepingColumn, 96);
    }
    if (rack->rooms.isEmpty() && !keepMessage)
        showMessage(tr("This hotel has no rooms recorded yet."));
}

void RoomRackPanel::findStays(const QString &query)
{
    if (!m_frontDesk || refusedOffline())
        return;
    auto found = m_calls([&] { return m_frontDesk->findStays(query); });
    if (!found) {
        showMessage(errorText(found.error()), true);
        return;
    }
    m_found.clear();
    m_stays->clear();
    for (const StayRecord &stay : found.value()) {
        if (stay.state != StayState::Booked && stay.state != StayState::CheckedIn)
            continue;
        m_found << stay;
        const QString where = stay.state == StayState::CheckedIn ? tr("in house") : tr("booked");
        m_stays->addItem(tr("%1 %2, %3, %4 to %5 (%6)")
                             .arg(stay.reference, stay.guest, stay.roomTypeCode,
                                  QLocale().toString(stay.checkIn, QLocale::ShortFormat),
                                  QLocale().toString(stay.checkOut, QLocale::ShortFormat), where));
    }
    if (m_found.isEmpty())
        showMessage(tr("No booked stay or guest in house matches “%1”.").arg(query.trimmed()), true);
    else
        showMessage(tr("%n stay(s) found: choose one, select a room in the rack, then give it the room or move "
                       "the guest there.",
                       nullptr, int(m_found.size())));
}

bool RoomRackPanel::chooseStay(const QString &reference)
{
    for (int i = 0; i < m_found.size(); ++i) {
        if (m_found.at(i).reference == reference) {
            m_stays->setCurrentIndex(i);
            return true;
        }
    }
    return false;
}

bool RoomRackPanel::selectRoom(const QString &number)
{
    const int row = m_model->rowOf(number);
    if (row < 0)
        return false;
    m_view->selectRow(row);
    m_view->scrollTo(m_model->index(row, 0));
    return true;
}

const Room *RoomRackPanel::selectedRoom() const
{
    const auto rows = m_view->selectionModel() ? m_view->selectionModel()->selectedRows() : QModelIndexList();
    return rows.isEmpty() ? nullptr : m_model->roomAt(rows.first().row());
}

StayRecord RoomRackPanel::chosenStay() const
{
    const int index = m_stays->currentIndex();
    return index >= 0 && index < m_found.size() ? m_found.at(index) : StayRecord{};
}

bool RoomRackPanel::refusedOffline()
{
    if (m_connected)
        return false;
    showMessage(tr("The server cannot be reached, so no room can be changed until it is back."), true);
    return true;
}

void RoomRackPanel::assignRoom()
{
    if (refusedOffline())
        return;
    const StayRecord stay = chosenStay();
    const Room *room = selectedRoom();
    const RoomId roomId = room ? room->id : 0;
    const QString number = room ? room->number : QString();
    const Status done = m_calls([&] { return m_rooms->assign(stay.id, roomId); });
    answer(done, tr("Room %1 is %2's (%3) for all the stay's nights.").arg(number, stay.guest, stay.reference));
}

void RoomRackPanel::moveGuest()
{
    if (refusedOffline())
        return;
    const StayRecord stay = chosenStay();
    const Room *room = selectedRoom();
    const RoomId roomId = room ? room->id : 0;
    const QString number = room ? room->number : QString();
    const Status done = m_calls([&] { return m_rooms->move(stay.id, roomId); });
    answer(done,
           tr("%1 sleeps in room %2 from tonight; the old room is left for housekeeping.").arg(stay.guest, number));
}

void RoomRackPanel::setHousekeeping(Housekeeping state)
{
    if (refusedOffline())
        return;
    const Room *room = selectedRoom();
    const RoomId roomId = room ? room->id : 0;
    const QString number = room ? room->number : QString();
    const Status done = m_calls([&] { return m_rooms->setHousekeeping(roomId, state); });
    answer(done, tr("Room %1 is %2.").arg(number, RoomRackModel::housekeepingText(state).toLower()));
}

void RoomRackPanel::markOutOfOrder(const QDate &from, const QDate &until, const QString &reason)
{
    if (refusedOffline())
        return;
    const Room *room = selectedRoom();
    const OutOfOrderRequest request{room ? room->id : 0, from, until, reason};
    const QString number = room ? room->number : QString();
    const Status done = m_calls([&] { return m_rooms->outOfOrder(request); });
    answer(done,
           tr("Room %1 is out of order for %n night(s) from %2; the calendar counts one room fewer.", nullptr,
              int(from.daysTo(until)))
               .arg(number, QLocale().toString(from, QLocale::ShortFormat)),
           true);
    if (done)
        m_outReason->clear();
}

void RoomRackPanel::bringBackInService()
{
    if (refusedOffline())
        return;
    const Room *room = selectedRoom();
    const RoomId roomId = room ? room->id : 0;
    const QString number = room ? room->number : QString();
    const Status done = m_calls([&] { return m_rooms->backInService(roomId); });
    answer(done, tr("Room %1 is back in service and waits for housekeeping.").arg(number), true);
}

void RoomRackPanel::answer(const Status &status, const QString &done, bool physical)
{
    if (!status) {
        showMessage(errorText(status.error()), true);
        return;
    }
    load(true);
    showMessage(done);
    if (physical)
        emit physicalChanged();
}

QString RoomRackPanel::message() const
{
    return m_message->text();
}

void RoomRackPanel::showMessage(const QString &text, bool problem)
{
    m_message->setStyleSheet(problem ? QStringLiteral("color:#b01c1c; font-weight:bold;") : QString());
    m_message->setText(text);
}

} // namespace boxoffice
