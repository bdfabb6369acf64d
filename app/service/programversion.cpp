#include "app/service/programversion.h"

#include <QCoreApplication>
#include <QTextStream>

namespace boxoffice {

QCommandLineOption versionOption()
{
    return QCommandLineOption({QStringLiteral("v"), QStringLiteral("version")},
                              QCoreApplication::translate("QCommandLineParser", "Displays version information."));
}

void printVersion(const QString &program)
{
    QTextStream(stdout) << program << QLatin1Char(' ') << QCoreApplication::applicationVersion() << Qt::endl;
}

} // namespace boxoffice
