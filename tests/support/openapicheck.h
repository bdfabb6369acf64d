#pragma once

// The web API's contract, checked from the other side: the answers a suite recorded (one JSON line
// each: method, route, status, contentType, body) against the published OpenAPI document, by a real
// validator from npm (tests/web/openapi; test.sh installs it). The suite defines
// BOXOFFICE_OPENAPI_DIR and BOXOFFICE_OPENAPI_FILE.

#include <QProcess>
#include <QString>
#include <QtTest>

namespace boxoffice::test {

// Empty when every recorded answer matches, else the validator's verdict.
inline QString openApiProblems(const QString &validatorDir, const QString &document, const QString &answersFile)
{
    QProcess validator;
    validator.setProcessChannelMode(QProcess::MergedChannels);
    validator.start(QStringLiteral("node"), {validatorDir + QStringLiteral("/validate.mjs"), document,
                                            QStringLiteral("--responses"), answersFile});
    if (!validator.waitForFinished(120000))
        return QStringLiteral("the OpenAPI validator did not finish");
    const QByteArray verdict = validator.readAll();
    qInfo().noquote() << verdict.trimmed();
    if (validator.exitStatus() != QProcess::NormalExit || validator.exitCode() != 0)
        return QString::fromUtf8(verdict);
    return {};
}

} // namespace boxoffice::test
