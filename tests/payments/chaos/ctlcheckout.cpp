#include "ctlcheckout.h"

#include "chaosworld.h"
#include "testdatabase.h"

#include <QDeadlineTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

#include <signal.h>

namespace boxoffice::test {

namespace {

constexpr int startMs = 10000;
constexpr int finishMs = 60000; // a checkout waits at most for one provider timeout and a few statements
constexpr int pauseMs = 30000;

QProcessEnvironment ctlEnvironment(const ChaosWorld &world)
{
    QProcessEnvironment environment = clientEnvironment(world.settings);
    environment.insert(QStringLiteral("BOXOFFICE_PAYMENT_URL"), world.providerUrl.toString());
    environment.insert(QStringLiteral("BOXOFFICE_PAYMENT_KEY"), QString::fromUtf8(ChaosWorld::apiKey));
    environment.remove(QStringLiteral("BOXOFFICE_SAGA_PAUSE_AT"));
    return environment;
}

// SIGKILL: no destructors, no flush, the connection dropped mid-transaction - a crash.
void killHard(QProcess &process)
{
    if (process.state() != QProcess::NotRunning)
        ::kill(pid_t(process.processId()), SIGKILL);
    process.waitForFinished(10000);
}

} // namespace

const QStringList CtlCheckout::steps
    = {QStringLiteral("order-opened"), QStringLiteral("charge-started"), QStringLiteral("charge-answered"),
       QStringLiteral("outcome-recorded"), QStringLiteral("settled")};

OpOutcome CtlCheckout::run(const QStringList &arguments, Mode mode, const QString &step, int killAfterMs) const
{
    QProcess process;
    QProcessEnvironment environment = ctlEnvironment(m_world);
    if (mode == Mode::PauseAndKill)
        environment.insert(QStringLiteral("BOXOFFICE_SAGA_PAUSE_AT"), step);
    process.setProcessEnvironment(environment);
    process.start(m_world.ctlProgram,
                  QStringList{QStringLiteral("checkout"), QStringLiteral("--json"),
                              QStringLiteral("--provider-timeout"), QString::number(ChaosWorld::providerTimeoutMs)}
                      + arguments);
    if (!process.waitForStarted(startMs))
        return OpOutcome::failed(QStringLiteral("boxoffice-ctl did not start: ") + process.errorString());

    QByteArray output;
    if (mode == Mode::PauseAndKill) {
        const QDeadlineTimer deadline(pauseMs);
        while (!output.contains("paused at") && process.state() != QProcess::NotRunning && !deadline.hasExpired()) {
            process.waitForReadyRead(100);
            output += process.readAllStandardOutput();
        }
        if (output.contains("paused at")) {
            killHard(process);
            return OpOutcome::done(QStringLiteral("killed at ") + step);
        }
    } else if (mode == Mode::KillAfter && !process.waitForFinished(killAfterMs)) {
        killHard(process);
        return OpOutcome::done(QStringLiteral("killed at a random moment"));
    }
    // (waitForFinished() is false for a process that has finished already: ask its state first)
    if (process.state() != QProcess::NotRunning && !process.waitForFinished(finishMs)) {
        killHard(process);
        return OpOutcome::failed(
            QStringLiteral("boxoffice-ctl checkout did not finish within %1 s").arg(finishMs / 1000));
    }
    output += process.readAllStandardOutput();
    if (process.exitStatus() == QProcess::CrashExit)
        return OpOutcome::failed(QStringLiteral("boxoffice-ctl crashed: ")
                                 + QString::fromUtf8(process.readAllStandardError().right(300)));
    return answer(output, process.exitCode());
}

OpOutcome CtlCheckout::answer(const QByteArray &output, int exitCode) const
{
    // With --json the answer is the one JSON object on stdout (after a "paused at" line, if any).
    const QByteArray json = output.mid(output.indexOf('{'));
    const QJsonObject object = QJsonDocument::fromJson(json).object();
    if (object.isEmpty())
        return OpOutcome::failed(
            QStringLiteral("boxoffice-ctl (exit %1) said: %2").arg(exitCode).arg(QString::fromUtf8(output.left(300))));
    const QString error = object.value(QStringLiteral("error")).toString();
    if (!error.isEmpty()) {
        static const QStringList refusals{QStringLiteral("lost"), QStringLiteral("conflict"),
                                          QStringLiteral("not_found"), QStringLiteral("limit_reached"),
                                          QStringLiteral("busy")};
        if (refusals.contains(error))
            return OpOutcome::refused(error);
        return OpOutcome::failed(QStringLiteral("boxoffice-ctl checkout: %1: %2")
                                     .arg(error, object.value(QStringLiteral("message")).toString()));
    }
    const QString state = object.value(QStringLiteral("state")).toString();
    const qint64 order = object.value(QStringLiteral("order")).toInteger();
    return OpOutcome::done(state.isEmpty() ? QStringLiteral("no state") : state, order);
}

} // namespace boxoffice::test
