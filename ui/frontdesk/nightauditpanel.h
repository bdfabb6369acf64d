#pragma once

#include "domain/nightaudit.h"
#include "ui/common/databasecalls.h"

#include <QWidget>

#include <functional>

class QDateEdit;
class QLabel;
class QPushButton;
class QTableWidget;

namespace boxoffice {

// The night audit of a business date: a manager runs it (after confirming: no-shows are charged their
// fee and their nights go back), anyone at the desk reads the stored report of any date, as a table
// and as CSV. A clerk's run is refused by the database whatever this panel allows; the button says
// so before it is pressed.
class NightAuditPanel : public QWidget
{
    Q_OBJECT
public:
    explicit NightAuditPanel(bool manager, QWidget *parent = nullptr);

    void setService(NightAuditService *service, DatabaseCalls calls);
    void setHotel(HotelId hotel);
    void setConnected(bool connected);

    void setBusinessDate(const QDate &date); // shows that date's report, if the audit ran
    void runAudit(); // asks first (confirmHook), then runs; the message line says what happened
    void showReport(); // the stored report of the date shown, read again
    Status exportCsv(const QString &path) const;

    const std::optional<NightAuditReport> &report() const { return m_report; }
    QDateEdit *dateEdit() const { return m_date; }
    QPushButton *runButton() const { return m_run; }
    QTableWidget *table() const { return m_table; }
    QString figures() const; // the day's figures as shown
    QString message() const;

    // For tests: called instead of the confirmation box; answers whether to go ahead.
    std::function<bool(const QString &question)> confirmHook;
    // For tests: called instead of the save-file dialog; answers the path (empty: cancelled).
    std::function<QString()> savePathHook;

private:
    void showFigures();
    void updateButtons();
    void say(const QString &text, bool problem = false);
    void exportRequested();

    bool m_manager = false;
    bool m_connected = true;
    NightAuditService *m_service = nullptr;
    DatabaseCalls m_calls;
    HotelId m_hotel = 0;
    std::optional<NightAuditReport> m_report;
    QDateEdit *m_date = nullptr;
    QPushButton *m_run = nullptr;
    QPushButton *m_export = nullptr;
    QLabel *m_figures = nullptr;
    QTableWidget *m_table = nullptr;
    QLabel *m_message = nullptr;
};

} // namespace boxoffice
