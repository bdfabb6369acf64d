#include "progressline.h"

#include <QTextStream>

#include <unistd.h>

namespace boxoffice::bench {

namespace {

constexpr qint64 logIntervalMs = 5000;

} // namespace

ProgressLine::ProgressLine() : m_tty(isatty(STDERR_FILENO)) { }

void ProgressLine::show(const QString &line)
{
    QTextStream err(stderr);
    if (m_tty) {
        err << '\r' << line << "\x1b[K";
        m_shown = true;
    } else if (!m_sincePrinted.isValid() || m_sincePrinted.elapsed() >= logIntervalMs) {
        err << line << '\n';
        m_sincePrinted.start();
    }
    err.flush();
}

void ProgressLine::clear()
{
    if (m_tty && m_shown) {
        QTextStream err(stderr);
        err << "\r\x1b[K";
        err.flush();
    }
    m_shown = false;
    m_sincePrinted.invalidate();
}

void ProgressLine::note(const QString &message)
{
    clear();
    QTextStream err(stderr);
    err << message << '\n';
}

} // namespace boxoffice::bench
