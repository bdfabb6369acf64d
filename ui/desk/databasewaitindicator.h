#pragma once

#include <QWidget>

class QLabel;
class QProgressBar;

namespace boxoffice {

// The status bar's "waiting for the server" sign: shown when a database call of this window takes
// longer than a moment, with the seconds waited so far and a busy cursor; gone when it is back.
// Clicks and keys meanwhile are kept and acted on after the answer.
class DatabaseWaitIndicator : public QWidget
{
    Q_OBJECT
public:
    explicit DatabaseWaitIndicator(QWidget *parent = nullptr);
    ~DatabaseWaitIndicator() override;

    QString text() const;

private:
    void started();
    void update(int elapsedMs);
    void ended();

    QLabel *m_label = nullptr;
    QProgressBar *m_bar = nullptr;
    bool m_cursorSet = false;
};

} // namespace boxoffice
