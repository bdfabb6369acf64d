#include "payments/blockinghttp.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QPointer>
#include <QThread>
#include <QTimer>

namespace boxoffice {

QByteArray HttpAnswer::header(const QByteArray &name) const
{
    for (const auto &[key, value] : headers) {
        if (key.compare(name, Qt::CaseInsensitive) == 0)
            return value;
    }
    return {};
}

namespace {

// QNetworkReply numbers its errors by layer: below 200 the connection or a proxy failed, so whatever
// arrived is not a whole answer; from 200 on the server answered with an HTTP error status.
bool isTransportError(QNetworkReply::NetworkError error)
{
    return error != QNetworkReply::NoError && int(error) < 200;
}

// A manager belongs to the thread that made it. Pool threads end with their QThread's finished signal,
// which frees it there; the main thread's goes with the application object, before Qt is torn down.
QNetworkAccessManager &threadManager()
{
    thread_local QPointer<QNetworkAccessManager> manager;
    if (!manager) {
        QCoreApplication *application = QCoreApplication::instance();
        QThread *thread = QThread::currentThread();
        const bool mainThread = application && application->thread() == thread;
        manager = new QNetworkAccessManager(mainThread ? application : nullptr);
        if (!mainThread)
            QObject::connect(thread, &QThread::finished, manager.data(), &QObject::deleteLater);
    }
    return *manager;
}

} // namespace

HttpAnswer exchangeBlocking(const HttpExchange &exchange)
{
    HttpAnswer answer;
    QNetworkAccessManager &manager = threadManager();
    QNetworkRequest request(exchange.url);
    // A redirect of a POST could repeat a charge somewhere else; a provider never needs one.
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
    for (const auto &[name, value] : exchange.headers)
        request.setRawHeader(name, value);
    if (!exchange.body.isEmpty())
        request.setHeader(QNetworkRequest::ContentTypeHeader, exchange.contentType);

    QNetworkReply *reply = exchange.method == "GET"
        ? manager.get(request)
        : manager.sendCustomRequest(request, exchange.method, exchange.body);
    QEventLoop loop;
    QTimer deadline;
    deadline.setSingleShot(true);
    QObject::connect(&deadline, &QTimer::timeout, &loop, [&answer, reply] {
        answer.timedOut = true;
        reply->abort();
    });
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    deadline.start(exchange.timeoutMs);
    if (!reply->isFinished())
        loop.exec(QEventLoop::ExcludeUserInputEvents);
    deadline.stop();

    if (answer.timedOut) {
        answer.networkError = QStringLiteral("no answer within %1 ms").arg(exchange.timeoutMs);
    } else if (isTransportError(reply->error())) {
        answer.networkError = reply->errorString();
        answer.connectionRefused = reply->error() == QNetworkReply::ConnectionRefusedError;
    } else {
        answer.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        answer.body = reply->readAll();
        for (const auto &pair : reply->rawHeaderPairs())
            answer.headers.append({pair.first, pair.second});
        if (answer.status == 0)
            answer.networkError = reply->errorString();
    }
    delete reply;
    return answer;
}

} // namespace boxoffice
