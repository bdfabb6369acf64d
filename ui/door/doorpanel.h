#pragma once

#include "domain/door.h"
#include "ui/common/databasecalls.h"

#include <QWidget>

class QFrame;
class QLabel;
class QLineEdit;
class QListWidget;

namespace boxoffice {

// The door: a barcode scanner types the ticket's code into the code field and presses Enter; the
// admission is recorded and the answer shown large enough to read at arm's length, in green or red.
// The field clears and keeps the focus, so the next ticket can be scanned at once. The gate this
// terminal stands at is remembered between runs.
class DoorPanel : public QWidget
{
    Q_OBJECT
public:
    explicit DoorPanel(QWidget *parent = nullptr);

    void setService(DoorService *door, DatabaseCalls calls);
    // What Enter in the code field does; the tests and the screenshot call it directly.
    void scan(const QString &scanned);

    QLineEdit *codeEdit() const { return m_code; }
    QLineEdit *gateEdit() const { return m_gate; }
    QString resultTitle() const;
    QString resultDetail() const;
    QListWidget *recentScans() const { return m_recent; }

    static constexpr int recentLimit = 8;

private:
    enum class Tone { Waiting, Go, Stop, Problem };

    void buildUi();
    void showScan(const DoorScan &scan);
    void showProblem(const QString &title, const QString &detail);
    void setResult(Tone tone, const QString &title, const QString &detail);
    void remember(Tone tone, const QString &line);
    void saveGate();
    QString refusalWords(DoorRefusal refusal) const;
    QString admissionTime(const Admission &admission) const;
    QString admissionWords(const Admission &admission) const;
    QString seatWords(const Ticket &ticket) const;

    DoorService *m_door = nullptr;
    DatabaseCalls m_calls;
    QLineEdit *m_gate = nullptr;
    QLineEdit *m_code = nullptr;
    QFrame *m_result = nullptr;
    QLabel *m_title = nullptr;
    QLabel *m_detail = nullptr;
    QListWidget *m_recent = nullptr;
};

} // namespace boxoffice
