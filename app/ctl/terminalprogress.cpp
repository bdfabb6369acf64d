#include "terminalprogress.h"

#include <QTextStream>

#include <unistd.h>

namespace boxoffice::ctl {

TerminalProgress::TerminalProgress(QString label) : m_label(std::move(label)), m_tty(isatty(STDERR_FILENO))
{
    m_clock.start();
}

void TerminalProgress::update(int done, int total)
{
    QTextStream err(stderr);
    const int percent = total > 0 ? int(qint64(done) * 100 / total) : 100;
    const QString line = QStringLiteral("%1: %2 / %3 (%4%)").arg(m_label).arg(done).arg(total).arg(percent);
    if (m_tty) {
        err << '\r' << line << "\x1b[K";
    } else if (percent / 10 != m_lastTenth) {
        m_lastTenth = percent / 10;
        err << line << '\n';
    }
    err.flush();
}

void TerminalProgress::finish()
{
    QTextStream err(stderr);
    if (m_tty)
        err << '\n';
    err << m_label << ": done in " << QString::number(m_clock.elapsed() / 1000.0, 'f', 1) << " s\n";
}

void TerminalProgress::note(const QString &message)
{
    QTextStream(stderr) << message << '\n';
}

} // namespace boxoffice::ctl
