#pragma once

// The web API's contract, checked from the other side: the answers a suite recorded (one JSON line
// each: method, route, status, contentType, body) against the published OpenAPI document, by a real
// validator from npm (tests/web/openapi; test.sh installs it). The suite defines
// BOXOFFICE_OPENAPI_DIR and BOXOFFICE_OPENAPI_FILE.

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QString>
#include <QtTest>

namespace boxoffice::test {

// One recorded answer, as the validator reads it (a line of the answers file).
inline QByteArray answerLine(const QByteArray &method, const QString &route, int status, const QByteArray &contentType,
                             const QByteArray &body)
{
    const QJsonDocument document = QJsonDocument::fromJson(body);
    const QJsonValue json = document.isNull()
        ? QJsonValue()
        : (document.isObject() ? QJsonValue(document.object()) : QJsonValue(document.array()));
    const QJsonObject line{{QStringLiteral("method"), QString::fromLatin1(method)},
                           {QStringLiteral("route"), route},
                           {QStringLiteral("status"), status},
                           {QStringLiteral("contentType"), QString::fromLatin1(contentType)},
                           {QStringLiteral("body"), json}};
    return QJsonDocument(line).toJson(QJsonDocument::Compact) + '\n';
}

// Empty when every recorded answer matches, else the validator's verdict.
inline QString openApiProblems(const QString &validatorDir, const QString &document, const QString &answersFile)
{
    QProcess validator;
    validator.setProcessChannelMode(QProcess::MergedChannels);
    validator.start(
        QStringLiteral("node"),
        {validatorDir + QStringLiteral("/validate.mjs"), document, QStringLiteral("--responses"), answersFile});
    if (!validator.waitForFinished(120000))
        return QStringLiteral("the OpenAPI validator did not finish");
    const QByteArray verdict = validator.readAll();
    qInfo().noquote() << verdict.trimmed();
    if (validator.exitStatus() != QProcess::NormalExit || validator.exitCode() != 0)
        return QString::fromUtf8(verdict);
    return {};
}

} // namespace boxoffice::test
