#pragma once

#include "ui/desk/deskservices.h"

#include <QWidget>

#include <functional>

class QComboBox;
class QDateEdit;
class QLabel;
class QSortFilterProxyModel;
class QSpinBox;
class QTabWidget;
class QTableView;
class QTableWidget;

namespace boxoffice {

class HotelListModel;
class OccupancyChart;

// The front desk's "Lists" tab: a day's arrivals, departures and in-house guests as sortable tables,
// and occupancy and room revenue per night as a table and a chart with the suggested sellable limit
// beside the manager's; each as CSV. Read only: it changes nothing.
class HotelListsPanel : public QWidget
{
    Q_OBJECT
public:
    explicit HotelListsPanel(QWidget *parent = nullptr);

    void setServices(const DeskServices &services);
    void setHotel(HotelId hotel); // reads the lists again
    void refresh(); // the day and the nights shown, read again
    void showDay(const QDate &day);
    void showNights(const QDate &from, int nights);
    void showList(HotelList list); // brings that list (or, with showOccupancy, the occupancy) to the front
    void showOccupancy();

    // Writes the list (or the occupancy) as CSV; an error in words when the file cannot be written.
    Status exportList(HotelList list, const QString &path) const;
    Status exportOccupancy(const QString &path) const;

    HotelListModel *model(HotelList list) const;
    QTableView *view(HotelList list) const;
    QSortFilterProxyModel *sorted(HotelList list) const;
    QTableWidget *occupancyTable() const { return m_occupancy; }
    OccupancyChart *chart() const { return m_chart; }
    QDateEdit *dayEdit() const { return m_day; }
    QComboBox *roomTypePicker() const { return m_roomType; }
    const OccupancyReport &report() const { return m_report; }
    QString message() const;

    // For tests: called instead of the save dialog with the suggested file name; empty: cancelled.
    std::function<QString(const QString &suggested)> savePathHook;

private:
    void buildListPage(HotelList list, const QString &title, const QString &objectName);
    QWidget *buildOccupancyPage();
    void loadDay();
    void loadOccupancy();
    void showReport(); // the table and the chart for the room type picked
    void save(const QString &suggested, const std::function<Status(const QString &)> &write);
    void say(const QString &text, bool problem = false);

    DeskServices m_services;
    HotelId m_hotel = 0;
    HotelDayLists m_lists;
    OccupancyReport m_report;
    QTabWidget *m_pages = nullptr;
    QDateEdit *m_day = nullptr;
    HotelListModel *m_models[3] = {};
    QSortFilterProxyModel *m_proxies[3] = {};
    QTableView *m_views[3] = {};
    QDateEdit *m_from = nullptr;
    QSpinBox *m_nights = nullptr;
    QComboBox *m_roomType = nullptr;
    QTableWidget *m_occupancy = nullptr;
    OccupancyChart *m_chart = nullptr;
    QLabel *m_suggestions = nullptr;
    QLabel *m_message = nullptr;
};

} // namespace boxoffice
