#pragma once

#include "domain/till.h"
#include "ui/desk/deskservices.h"

#include <QWidget>

#include <memory>

class QComboBox;
class QDateEdit;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTableWidget;
class QGroupBox;

namespace boxoffice {

class TillRunner;

// The desk's "Till" tab. A clerk opens their drawer at this terminal with a float, watches the running
// report (cash expected, card totals by terminal reference, voids, refunds), counts the cash and closes;
// the figures are the server's sums of what the counter recorded, never typed in. A manager sees the
// closed tills waiting for a countersign and countersigns them, and anyone prints the day report.
// Every database call runs off the GUI thread (TillRunner), with progress shown.
class TillPanel : public QWidget
{
    Q_OBJECT
public:
    explicit TillPanel(QWidget *parent = nullptr);
    ~TillPanel() override;

    // A new connection (or none): the till's own connection is opened from it in a worker thread.
    void setOpener(TillSessionOpener opener);
    void setStaff(const StaffIdentity &staff);

    // What the buttons do; the tests and the screenshot call them as a clerk would click.
    void refresh();
    void openTill();
    void closeTill();
    void countersignSelected();
    void showDay(const QDate &day);

    QLineEdit *floatEdit() const { return m_float; }
    QLineEdit *countedEdit() const { return m_counted; }
    QLineEdit *noteEdit() const { return m_note; }
    QPushButton *openButton() const { return m_openButton; }
    QPushButton *closeButton() const { return m_closeButton; }
    QPushButton *countersignButton() const { return m_countersignButton; }
    QTableWidget *figures() const { return m_figures; }
    QTableWidget *cards() const { return m_cards; }
    QTableWidget *awaiting() const { return m_awaiting; }
    QTableWidget *dayTable() const { return m_day; }
    QDateEdit *dayEdit() const { return m_dayEdit; }
    QProgressBar *progress() const { return m_progress; }
    TillRunner *runner() const { return m_runner.get(); }
    bool busy() const;
    QString message() const;
    QString reportTitle() const;
    // The figures as shown, "label: amount" per line.
    QString reportText() const;
    // The shift the report shows (0: none).
    ShiftId shownShift() const { return m_shown ? m_shown->shift.id : 0; }
    std::optional<TillReport> shownReport() const { return m_shown; }

signals:
    // After each answer from the server has been shown (tests wait for it).
    void answered();

protected:
    void showEvent(QShowEvent *event) override;

private:
    void buildUi();
    QGroupBox *buildMyTill();
    QGroupBox *buildCountersign();
    QGroupBox *buildDayReport();
    void showReport(const std::optional<TillReport> &report, bool mine);
    void showAwaiting(const QVector<TillShift> &shifts);
    void showDayReport(const DayReport &report);
    void loadAwaiting();
    void setMessage(const QString &text, bool problem);
    void updateButtons();
    void done();

    std::unique_ptr<TillRunner> m_runner;
    StaffIdentity m_staff;
    std::optional<TillReport> m_shown;
    bool m_shownIsMine = false;
    QVector<TillShift> m_awaitingShifts;

    QLabel *m_message = nullptr;
    QProgressBar *m_progress = nullptr;
    QLabel *m_reportTitle = nullptr;
    QLineEdit *m_float = nullptr;
    QComboBox *m_currency = nullptr;
    QPushButton *m_openButton = nullptr;
    QTableWidget *m_figures = nullptr;
    QTableWidget *m_cards = nullptr;
    QLineEdit *m_counted = nullptr;
    QLineEdit *m_note = nullptr;
    QPushButton *m_closeButton = nullptr;
    QPushButton *m_refreshButton = nullptr;
    QGroupBox *m_countersignBox = nullptr;
    QTableWidget *m_awaiting = nullptr;
    QPushButton *m_countersignButton = nullptr;
    QPushButton *m_showButton = nullptr;
    QDateEdit *m_dayEdit = nullptr;
    QPushButton *m_dayButton = nullptr;
    QTableWidget *m_day = nullptr;
};

} // namespace boxoffice
