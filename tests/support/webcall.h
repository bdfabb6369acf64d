#pragma once

// One HTTP request to a web server under test, from whichever thread owns the network manager, and
// the answer with its JSON; shared by the web tests that run boxoffice-web's server in process.

#include <QEventLoop>
#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTimer>
#include <QUrl>

namespace boxoffice::test {

struct WebAnswer
{
    int status = 0;
    QByteArray body;
    QJsonObject json;
    QHash<QByteArray, QByteArray> headers;

    QString errorCode() const
    {
        return json.value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toString();
    }
    QString describe() const { return QStringLiteral("%1 %2").arg(status).arg(QString::fromUtf8(body.left(400))); }
};

inline WebAnswer webCall(QNetworkAccessManager &network, const QUrl &base, const QByteArray &method,
                         const QString &path, const QByteArray &body = {},
                         const QList<QPair<QByteArray, QByteArray>> &headers = {})
{
    QUrl url = base;
    url.setPath(path);
    QNetworkRequest request(url);
    if (!body.isEmpty())
        request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
    for (const auto &header : headers)
        request.setRawHeader(header.first, header.second);
    QNetworkReply *reply = network.sendCustomRequest(request, method, body);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(60000, &loop, &QEventLoop::quit); // a safety net for a hung server only
    if (!reply->isFinished())
        loop.exec();
    WebAnswer answer;
    answer.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    answer.body = reply->readAll();
    answer.json = QJsonDocument::fromJson(answer.body).object();
    for (const auto &pair : reply->rawHeaderPairs())
        answer.headers.insert(pair.first.toLower(), pair.second);
    reply->abort();
    reply->deleteLater();
    return answer;
}

} // namespace boxoffice::test
