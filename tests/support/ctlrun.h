#pragma once

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace boxoffice::test {

// One boxoffice-ctl run, as an administrator's script would see it: exit status, both streams, and
// the JSON document when it printed one.
struct CtlRun
{
    int exitCode = -1; // -1: it did not finish in time
    QJsonObject json;
    QString out;
    QString err;
};

// Runs the boxoffice-ctl the build made (BOXOFFICE_CTL) with `environment` (its PG* variables name
// the database, as an administrator would set them).
inline CtlRun runCtl(const QStringList &arguments, const QProcessEnvironment &environment, int timeoutMs)
{
    QProcess process;
    process.setProcessEnvironment(environment);
    process.start(qEnvironmentVariable("BOXOFFICE_CTL"), arguments);
    CtlRun run;
    if (!process.waitForFinished(timeoutMs))
        return run;
    run.exitCode = process.exitCode();
    run.out = QString::fromUtf8(process.readAllStandardOutput());
    run.err = QString::fromUtf8(process.readAllStandardError());
    run.json = QJsonDocument::fromJson(run.out.toUtf8()).object();
    return run;
}

} // namespace boxoffice::test
