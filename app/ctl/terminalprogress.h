#pragma once

#include <QElapsedTimer>
#include <QString>

namespace boxoffice::ctl {

// A progress line on stderr: rewritten in place on a terminal, a line per tenth when piped to a log.
class TerminalProgress
{
public:
    explicit TerminalProgress(QString label);
    void update(int done, int total);
    void finish();

    static void note(const QString &message);

private:
    QString m_label;
    bool m_tty = false;
    int m_lastTenth = -1;
    QElapsedTimer m_clock;
};

} // namespace boxoffice::ctl
