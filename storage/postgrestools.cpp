#include "storage/postgrestools.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QVersionNumber>

namespace boxoffice {

namespace {

const QString debianRoot = QStringLiteral("/usr/lib/postgresql");

bool hasServerPrograms(const QString &binDir)
{
    return QFile::exists(binDir + QStringLiteral("/initdb")) || QFile::exists(binDir + QStringLiteral("/pg_dump"));
}

} // namespace

QString postgresBinDir(const QString &major)
{
    if (!major.isEmpty()) {
        const QString candidate = debianRoot + QLatin1Char('/') + major + QStringLiteral("/bin");
        return hasServerPrograms(candidate) ? candidate : QString();
    }
    QVersionNumber best;
    QString bestDir;
    const QDir root(debianRoot);
    for (const QString &version : root.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        const QString candidate = root.filePath(version + QStringLiteral("/bin"));
        const QVersionNumber number = QVersionNumber::fromString(version);
        if (hasServerPrograms(candidate) && number > best) {
            best = number;
            bestDir = candidate;
        }
    }
    if (!bestDir.isEmpty())
        return bestDir;
    const QString onPath = QStandardPaths::findExecutable(QStringLiteral("initdb"));
    return onPath.isEmpty() ? QString() : QFileInfo(onPath).path();
}

QString postgresClientProgram(const QString &name)
{
    const QString configured = qEnvironmentVariable("BOXOFFICE_PG_BINDIR");
    if (!configured.isEmpty() && QFile::exists(configured + QLatin1Char('/') + name))
        return configured + QLatin1Char('/') + name;
    const QString newest = postgresBinDir();
    if (!newest.isEmpty() && QFile::exists(newest + QLatin1Char('/') + name))
        return newest + QLatin1Char('/') + name;
    return QStandardPaths::findExecutable(name);
}

} // namespace boxoffice
