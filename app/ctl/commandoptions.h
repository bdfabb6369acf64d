#pragma once

#include <QCommandLineOption>
#include <QList>
#include <QString>
#include <QStringList>

namespace boxoffice::ctl {

// Which options each command reads. QCommandLineParser knows only one flat list of options for the
// whole program, so without this `boxoffice-ctl confirm --order 5 --seats A-1-1` would quietly confirm
// the whole order and drop --seats: an operator must hear that an option did nothing.
class CommandOptions
{
public:
    // Taken by every command: where the database is, and JSON output.
    static const QStringList &everywhere();
    // The options `command` reads besides those; empty for an unknown command.
    static QStringList of(const QString &command);
    // The options that were given but that `command` does not read, in the order given.
    static QStringList strays(const QString &command, const QStringList &given);
    // `boxoffice-ctl help COMMAND`: what the command does and each option it takes, from the same
    // descriptions --help prints.
    static QString help(const QString &command, const QString &summary, const QList<QCommandLineOption> &all);
};

} // namespace boxoffice::ctl
