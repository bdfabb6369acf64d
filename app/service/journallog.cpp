#include "journallog.h"

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <QtGlobal>

#include <cstdio>
#include <sys/stat.h>

namespace boxoffice {

namespace {

// sd-daemon(3): the journal's stream is ours only when stderr still is that device and inode.
bool stderrIsTheJournal()
{
    const QByteArray stream = qgetenv("JOURNAL_STREAM");
    const int colon = stream.indexOf(':');
    if (colon <= 0)
        return false;
    struct stat status
    { };
    if (fstat(fileno(stderr), &status) != 0)
        return false;
    bool deviceOk = false, inodeOk = false;
    const qulonglong device = stream.left(colon).toULongLong(&deviceOk);
    const qulonglong inode = stream.mid(colon + 1).toULongLong(&inodeOk);
    return deviceOk && inodeOk && device == qulonglong(status.st_dev) && inode == qulonglong(status.st_ino);
}

const char *priorityPrefix(QtMsgType type)
{
    switch (type) {
    case QtDebugMsg:
        return "<7>";
    case QtInfoMsg:
        return "<6>";
    case QtWarningMsg:
        return "<4>";
    case QtCriticalMsg:
        return "<3>";
    case QtFatalMsg:
        return "<2>";
    }
    return "<6>";
}

void journalHandler(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    // The journal keeps its own time and unit; the category names where a line comes from.
    const QByteArray category = context.category && qstrcmp(context.category, "default") != 0
        ? QByteArray(context.category) + ": "
        : QByteArray();
    // One record per line: a message with line breaks gets its prefix on each.
    for (const QString &line : message.split(QLatin1Char('\n')))
        std::fprintf(stderr, "%s%s%s\n", priorityPrefix(type), category.constData(), line.toUtf8().constData());
    std::fflush(stderr);
    if (type == QtFatalMsg)
        std::abort();
}

} // namespace

void routeLogsToJournalWhenItListens()
{
    if (stderrIsTheJournal())
        qInstallMessageHandler(journalHandler);
}

QString journalPriority(QtMsgType type)
{
    return stderrIsTheJournal() ? QString::fromLatin1(priorityPrefix(type)) : QString();
}

} // namespace boxoffice
