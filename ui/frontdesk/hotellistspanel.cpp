#include "ui/frontdesk/hotellistspanel.h"

#include "ui/common/errortext.h"
#include "ui/common/money.h"
#include "ui/hotel/hotellistmodel.h"
#include "ui/hotel/occupancychart.h"

#include <QComboBox>
#include <QDateEdit>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSaveFile>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QVBoxLayout>

namespace boxoffice {

namespace {

Status writeFile(const QString &path, const QString &text)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return makeError(ErrorCode::BadInput, HotelListsPanel::tr("Cannot write %1: %2").arg(path, file.errorString()));
    file.write(text.toUtf8());
    if (!file.commit())
        return makeError(ErrorCode::BadInput, HotelListsPanel::tr("Cannot write %1: %2").arg(path, file.errorString()));
    return Done{};
}

QString percentText(int perMille)
{
    return QLocale().toString(perMille / 10.0, 'f', 1) + QStringLiteral(" %");
}

} // namespace

HotelListsPanel::HotelListsPanel(QWidget *parent) : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    auto *top = new QHBoxLayout;
    auto *dayLabel = new QLabel(tr("&Day:"));
    top->addWidget(dayLabel);
    m_day = new QDateEdit(QDate::currentDate());
    m_day->setObjectName(QStringLiteral("listsDay"));
    dayLabel->setBuddy(m_day);
    m_day->setCalendarPopup(true);
    m_day->setDisplayFormat(tr("ddd d MMM yyyy", "date format (QDateEdit): weekday, day, month, year"));
    top->addWidget(m_day);
    auto *today = new QPushButton(tr("&Today"));
    top->addWidget(today);
    top->addStretch();
    layout->addLayout(top);

    m_pages = new QTabWidget;
    m_pages->setAccessibleName(tr("Lists of the day"));
    buildListPage(HotelList::Arrivals, tr("Arrivals"), QStringLiteral("arrivalsList"));
    buildListPage(HotelList::Departures, tr("Departures"), QStringLiteral("departuresList"));
    buildListPage(HotelList::InHouse, tr("In-house"), QStringLiteral("inHouseList"));
    m_pages->addTab(buildOccupancyPage(), tr("Occupancy"));
    layout->addWidget(m_pages, 1);
    m_message = new QLabel;
    m_message->setObjectName(QStringLiteral("listsMessage"));
    m_message->setWordWrap(true);
    layout->addWidget(m_message);

    connect(m_day, &QDateEdit::dateChanged, this, [this] { loadDay(); });
    connect(today, &QPushButton::clicked, this, [this] { m_day->setDate(QDate::currentDate()); });
}

void HotelListsPanel::buildListPage(HotelList list, const QString &title, const QString &objectName)
{
    const int i = int(list);
    auto *page = new QWidget;
    auto *layout = new QVBoxLayout(page);
    m_models[i] = new HotelListModel(this);
    m_proxies[i] = new QSortFilterProxyModel(this);
    m_proxies[i]->setSourceModel(m_models[i]);
    m_proxies[i]->setSortRole(Qt::UserRole);
    m_views[i] = new QTableView;
    m_views[i]->setObjectName(objectName);
    m_views[i]->setAccessibleName(title);
    m_views[i]->setModel(m_proxies[i]);
    m_views[i]->setSortingEnabled(true);
    m_views[i]->sortByColumn(HotelListModel::Guest, Qt::AscendingOrder);
    m_views[i]->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_views[i]->setTabKeyNavigation(false); // Tab leaves the table; the arrows move within it
    m_views[i]->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_views[i]->verticalHeader()->hide();
    layout->addWidget(m_views[i]);
    auto *buttons = new QHBoxLayout;
    auto *csv = new QPushButton(tr("Export as &CSV…"));
    buttons->addWidget(csv);
    buttons->addStretch();
    layout->addLayout(buttons);
    connect(csv, &QPushButton::clicked, this, [this, list, title] {
        const QString name = QStringLiteral("%1-%2.csv")
                                 .arg(title.toLower().replace(QLatin1Char(' '), QLatin1Char('-')),
                                      m_day->date().toString(Qt::ISODate));
        save(name, [this, list](const QString &path) { return exportList(list, path); });
    });
    m_pages->addTab(page, title);
}

QWidget *HotelListsPanel::buildOccupancyPage()
{
    auto *page = new QWidget;
    auto *layout = new QVBoxLayout(page);
    auto *top = new QHBoxLayout;
    auto *fromLabel = new QLabel(tr("&From:"));
    top->addWidget(fromLabel);
    m_from = new QDateEdit(QDate::currentDate());
    fromLabel->setBuddy(m_from);
    m_from->setCalendarPopup(true);
    m_from->setDisplayFormat(tr("ddd d MMM yyyy", "date format (QDateEdit): weekday, day, month, year"));
    top->addWidget(m_from);
    m_nights = new QSpinBox;
    m_nights->setRange(1, 366);
    m_nights->setValue(14);
    m_nights->setSuffix(tr(" nights"));
    m_nights->setAccessibleName(tr("Nights to show"));
    top->addWidget(m_nights);
    auto *typeLabel = new QLabel(tr("Roo&m type:"));
    top->addWidget(typeLabel);
    m_roomType = new QComboBox;
    m_roomType->setObjectName(QStringLiteral("occupancyRoomType"));
    typeLabel->setBuddy(m_roomType);
    top->addWidget(m_roomType);
    auto *csv = new QPushButton(tr("Export as C&SV…"));
    top->addWidget(csv);
    top->addStretch();
    layout->addLayout(top);

    auto *split = new QSplitter(Qt::Horizontal);
    m_occupancy = new QTableWidget(0, 9);
    m_occupancy->setObjectName(QStringLiteral("occupancyTable"));
    m_occupancy->setAccessibleName(tr("Occupancy and revenue per night"));
    m_occupancy->setHorizontalHeaderLabels({tr("Night"), tr("Physical"), tr("Sellable"), tr("Suggested"), tr("Sold"),
                                            tr("Occupancy"), tr("Revenue"), tr("ADR"), tr("RevPAR")});
    m_occupancy->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_occupancy->verticalHeader()->hide();
    m_occupancy->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_occupancy->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_occupancy->setTabKeyNavigation(false);
    split->addWidget(m_occupancy);
    m_chart = new OccupancyChart;
    m_chart->setObjectName(QStringLiteral("occupancyChart"));
    split->addWidget(m_chart);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    layout->addWidget(split, 1);
    m_suggestions = new QLabel;
    m_suggestions->setObjectName(QStringLiteral("suggestionFigures"));
    m_suggestions->setWordWrap(true);
    layout->addWidget(m_suggestions);

    connect(m_from, &QDateEdit::dateChanged, this, [this] { loadOccupancy(); });
    connect(m_nights, &QSpinBox::valueChanged, this, [this] { loadOccupancy(); });
    connect(m_roomType, &QComboBox::currentIndexChanged, this, [this] { showReport(); });
    connect(csv, &QPushButton::clicked, this, [this] {
        save(QStringLiteral("occupancy-%1.csv").arg(m_from->date().toString(Qt::ISODate)),
             [this](const QString &path) { return exportOccupancy(path); });
    });
    return page;
}

void HotelListsPanel::setServices(const DeskServices &services)
{
    m_services = services;
}

void HotelListsPanel::setHotel(HotelId hotel)
{
    m_hotel = hotel;
    refresh();
}

void HotelListsPanel::refresh()
{
    loadDay();
    loadOccupancy();
}

void HotelListsPanel::showDay(const QDate &day)
{
    if (m_day->date() == day)
        loadDay();
    else
        m_day->setDate(day); // reads through dateChanged
}

void HotelListsPanel::showNights(const QDate &from, int nights)
{
    const QSignalBlocker fromBlocker(m_from);
    const QSignalBlocker nightsBlocker(m_nights);
    m_from->setDate(from);
    m_nights->setValue(nights);
    loadOccupancy();
}

void HotelListsPanel::showList(HotelList list)
{
    m_pages->setCurrentIndex(int(list));
}

void HotelListsPanel::showOccupancy()
{
    m_pages->setCurrentIndex(3);
}

void HotelListsPanel::loadDay()
{
    if (!m_hotel || !m_services.hotelLists)
        return;
    const HotelId hotel = m_hotel;
    const QDate day = m_day->date();
    auto lists = m_services.calls([&] { return m_services.hotelLists->dayLists(hotel, day); });
    if (!lists) {
        say(errorText(lists.error()), true);
        return;
    }
    m_lists = lists.value();
    const QString titles[] = {tr("Arrivals (%1)"), tr("Departures (%1)"), tr("In-house (%1)")};
    for (HotelList list : {HotelList::Arrivals, HotelList::Departures, HotelList::InHouse}) {
        const int i = int(list);
        m_models[i]->setRows(m_lists.list(list));
        m_pages->setTabText(i, titles[i].arg(m_lists.list(list).size()));
    }
    say(QString());
}

void HotelListsPanel::loadOccupancy()
{
    if (!m_hotel || !m_services.hotelLists)
        return;
    const HotelId hotel = m_hotel;
    const QDate from = m_from->date();
    const QDate until = from.addDays(m_nights->value());
    const QDate today = QDate::currentDate();
    auto report = m_services.calls([&] { return m_services.hotelLists->occupancy(hotel, from, until, today); });
    if (!report) {
        say(errorText(report.error()), true);
        return;
    }
    m_report = report.value();
    // The room types offered are those of the report; the one picked stays picked.
    const qint64 picked = m_roomType->currentData().toLongLong();
    {
        const QSignalBlocker blocker(m_roomType);
        m_roomType->clear();
        m_roomType->addItem(tr("The whole hotel"), 0);
        for (const OverbookingSuggestion &type : std::as_const(m_report.suggestions))
            m_roomType->addItem(type.history.roomTypeCode, type.history.roomType);
        m_roomType->setCurrentIndex(qMax(0, m_roomType->findData(picked)));
    }
    showReport();
}

void HotelListsPanel::showReport()
{
    const RoomTypeId type = m_roomType->currentData().toLongLong();
    QVector<OccupancyNight> rows;
    for (const OccupancyNight &night : std::as_const(m_report.nights)) {
        if (night.roomType == type)
            rows << night;
    }
    m_occupancy->setRowCount(int(rows.size()));
    for (int r = 0; r < rows.size(); ++r) {
        const OccupancyNight &night = rows.at(r);
        const QStringList cells{QLocale().toString(night.night, QLocale::ShortFormat),
                                QString::number(night.physical),
                                QString::number(night.sellable),
                                QString::number(night.suggestedSellable),
                                QString::number(night.sold),
                                percentText(night.occupancyPerMille()),
                                night.revenue.text(),
                                night.adr().text(),
                                night.revPar().text()};
        for (int c = 0; c < cells.size(); ++c) {
            auto *item = new QTableWidgetItem(cells.at(c));
            if (c > 0)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (c == 3 && night.suggestedSellable != night.sellable)
                item->setToolTip(tr("Suggested from this hotel's own history; the manager sets the limit."));
            m_occupancy->setItem(r, c, item);
        }
    }
    m_chart->setNights(rows, m_report.currency);

    // The figures each suggestion came from, said beside them: a suggestion, never applied by itself.
    QStringList said;
    for (const OverbookingSuggestion &s : std::as_const(m_report.suggestions)) {
        if (type && s.history.roomType != type)
            continue;
        const AttritionHistory &h = s.history;
        if (!s.enoughHistory) {
            said << tr("%1: too little history to suggest overbooking (%n booked room-night(s)).", nullptr,
                       h.bookedRoomNights)
                        .arg(h.roomTypeCode);
            continue;
        }
        said << tr("%1: %2 of %3 booked room-nights lost (%4 late cancellations, %5 no-shows, less %6 walked) "
                   "→ suggest selling %7 on %8 physical rooms.")
                    .arg(h.roomTypeCode, percentText(s.attritionPerMille))
                    .arg(h.bookedRoomNights)
                    .arg(h.lateCancelledRoomNights)
                    .arg(h.noShowRoomNights)
                    .arg(h.walkedRoomNights)
                    .arg(s.suggestedSellable)
                    .arg(s.physical);
    }
    m_suggestions->setText(said.isEmpty()
                               ? QString()
                               : tr("Suggested sellable limits, from the last %n night(s) (a manager "
                                    "sets the limit on the Stay tab):",
                                    nullptr, m_services.hotelLists ? m_services.hotelLists->historyDays() : 0)
                                   + QLatin1Char('\n') + said.join(QLatin1Char('\n')));
}

Status HotelListsPanel::exportList(HotelList list, const QString &path) const
{
    return writeFile(path, hotelListCsv(m_lists.list(list)));
}

Status HotelListsPanel::exportOccupancy(const QString &path) const
{
    return writeFile(path, occupancyCsv(m_report));
}

void HotelListsPanel::save(const QString &suggested, const std::function<Status(const QString &)> &write)
{
    const QString path = savePathHook
        ? savePathHook(suggested)
        : QFileDialog::getSaveFileName(this, tr("Export as CSV"), suggested, tr("CSV files (*.csv)"));
    if (path.isEmpty())
        return;
    const Status written = write(path);
    say(written ? tr("Saved %1.").arg(path) : errorText(written.error()), !written);
}

HotelListModel *HotelListsPanel::model(HotelList list) const
{
    return m_models[int(list)];
}

QTableView *HotelListsPanel::view(HotelList list) const
{
    return m_views[int(list)];
}

QSortFilterProxyModel *HotelListsPanel::sorted(HotelList list) const
{
    return m_proxies[int(list)];
}

QString HotelListsPanel::message() const
{
    return m_message->text();
}

void HotelListsPanel::say(const QString &text, bool problem)
{
    m_message->setText(text);
    m_message->setStyleSheet(problem ? QStringLiteral("color:#b01c1c;") : QString());
}

} // namespace boxoffice
