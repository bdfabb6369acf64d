#pragma once

#include <QCommandLineOption>
#include <QString>

namespace boxoffice {

// `--version` answered with the program's own name and the release ("boxoffice-web 0.1.0"), as
// Debian's tools answer it. QCommandLineParser's own answer prints the application name, which is
// "boxoffice" for every program of the suite so that they share one settings file.
QCommandLineOption versionOption();
void printVersion(const QString &program);

} // namespace boxoffice
