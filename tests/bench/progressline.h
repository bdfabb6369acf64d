#pragma once

#include <QElapsedTimer>
#include <QString>

namespace boxoffice::bench {

// The live status on stderr: one line rewritten in place on a terminal; when stderr is a log file, a
// line every few seconds instead of hundreds of carriage returns.
class ProgressLine
{
public:
    ProgressLine();

    void show(const QString &line);
    // Clears the live line, so stdout can print a table row on a clean line.
    void clear();
    // A message that stays (set-up steps, warnings).
    void note(const QString &message);

private:
    bool m_tty = false;
    bool m_shown = false;
    QElapsedTimer m_sincePrinted;
};

} // namespace boxoffice::bench
