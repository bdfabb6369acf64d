#pragma once

// The fake payment provider as a real process on loopback, for the saga tests: started on a free
// port, steered through its control endpoints (JSON: the test's API, not Stripe's), stopped with the
// test. Its /v1 API is Stripe's: form-encoded only.

#include "domain/payments.h"

#include <QByteArray>
#include <QDate>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QProcess>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>
#include <QUrl>

#include <functional>

namespace boxoffice::test {

class FakePayProcess
{
public:
    FakePayProcess() = default;
    ~FakePayProcess()
    {
        m_process.kill();
        m_process.waitForFinished(5000);
    }

    // Empty on success, else why it did not start.
    QString start(const QString &program, const QString &apiKey, const QString &webhookUrl, const QString &secret)
    {
        QStringList args{QStringLiteral("--port"), QStringLiteral("0"), QStringLiteral("--api-key"), apiKey};
        if (!webhookUrl.isEmpty())
            args << QStringLiteral("--webhook-url") << webhookUrl << QStringLiteral("--webhook-secret") << secret;
        args << extraArguments;
        m_process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        m_process.start(program, args);
        if (!m_process.waitForStarted(10000))
            return QStringLiteral("could not start %1: %2").arg(program, m_process.errorString());
        QByteArray line;
        for (int i = 0; i < 100 && !line.contains('\n'); ++i) {
            m_process.waitForReadyRead(100);
            line += m_process.readAll();
        }
        const int at = line.indexOf("http://");
        if (at < 0)
            return QStringLiteral("fakepay said %1").arg(QString::fromUtf8(line));
        m_base = QUrl(QString::fromUtf8(line.mid(at).trimmed()));
        return {};
    }

    QUrl baseUrl() const { return m_base; }
    QStringList extraArguments; // e.g. --publishable-key and --allow-origin, set before start()

    QJsonObject control(const QString &path, const QJsonObject &body = {}, bool post = true)
    {
        QNetworkAccessManager network;
        QNetworkRequest request(m_base.resolved(QUrl(path)));
        request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
        QNetworkReply *reply
            = post ? network.post(request, QJsonDocument(body).toJson(QJsonDocument::Compact)) : network.get(request);
        QEventLoop loop;
        QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
        QTimer::singleShot(10000, &loop, &QEventLoop::quit);
        loop.exec();
        const QJsonObject answer = QJsonDocument::fromJson(reply->readAll()).object();
        reply->deleteLater();
        return answer;
    }

    void behave(const QStringList &next, int hangMs = 4000)
    {
        control(QStringLiteral("/control/behaviour"),
                {{QStringLiteral("next"), QJsonArray::fromStringList(next)},
                 {QStringLiteral("hang_ms"), hangMs},
                 {QStringLiteral("slow_ms"), 300}});
    }
    QJsonObject state() { return control(QStringLiteral("/control/state"), {}, false); }
    // A card made a payment method, as a buyer's browser makes one with the provider (form-encoded, as
    // Stripe.js sends it): the answer (id, card.fingerprint, ...) or the provider's error.
    QJsonObject addCard(const QString &apiKey, const QString &number, int expYear = QDate::currentDate().year() + 3)
    {
        QNetworkAccessManager network;
        QNetworkRequest request(m_base.resolved(QUrl(QStringLiteral("/v1/payment_methods"))));
        request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/x-www-form-urlencoded"));
        request.setRawHeader("Authorization", "Bearer " + apiKey.toUtf8());
        const QByteArray body = "type=card&card[number]=" + QUrl::toPercentEncoding(number)
            + "&card[exp_month]=12&card[exp_year]=" + QByteArray::number(expYear);
        QNetworkReply *reply = network.post(request, body);
        QEventLoop loop;
        QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
        QTimer::singleShot(10000, &loop, &QEventLoop::quit);
        loop.exec();
        const QJsonObject answer = QJsonDocument::fromJson(reply->readAll()).object();
        reply->deleteLater();
        return answer;
    }
    int chargesFor(const QString &idempotencyKey)
    {
        int count = 0;
        for (const QJsonValue &charge : state().value(QStringLiteral("charges")).toArray())
            count += charge.toObject().value(QStringLiteral("idempotency_key")).toString() == idempotencyKey;
        return count;
    }

private:
    QProcess m_process;
    QUrl m_base;
};

// Receives the provider's webhook deliveries on loopback and hands each to `handler`, which answers
// with an HTTP status (a 500 makes the provider deliver again later).
class WebhookReceiver : public QObject
{
public:
    explicit WebhookReceiver(std::function<int(const WebhookDelivery &)> handler) : m_handler(std::move(handler))
    {
        m_server.listen(QHostAddress::LocalHost, 0);
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection()) {
                connect(socket, &QTcpSocket::readyRead, this, [this, socket] { read(socket); });
                connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
            }
        });
    }
    QString url() const { return QStringLiteral("http://127.0.0.1:%1/webhooks/payments").arg(m_server.serverPort()); }
    int received = 0;

private:
    void read(QTcpSocket *socket)
    {
        QByteArray &buffer = m_buffers[socket];
        buffer += socket->readAll();
        const int headerEnd = buffer.indexOf("\r\n\r\n");
        if (headerEnd < 0)
            return;
        QByteArray signature;
        int length = 0;
        for (const QByteArray &line : buffer.left(headerEnd).split('\n')) {
            const int colon = line.indexOf(':');
            if (colon < 0)
                continue;
            const QByteArray name = line.left(colon).trimmed().toLower();
            const QByteArray value = line.mid(colon + 1).trimmed();
            if (name == "stripe-signature")
                signature = value;
            else if (name == "content-length")
                length = value.toInt();
        }
        if (buffer.size() < headerEnd + 4 + length)
            return;
        WebhookDelivery delivery{buffer.mid(headerEnd + 4, length), signature};
        m_buffers.remove(socket);
        ++received;
        const int status = m_handler(delivery);
        socket->write(
            QStringLiteral("HTTP/1.1 %1 X\r\nContent-Length: 0\r\nConnection: close\r\n\r\n").arg(status).toUtf8());
        socket->disconnectFromHost();
    }

    std::function<int(const WebhookDelivery &)> m_handler;
    QTcpServer m_server;
    QHash<QTcpSocket *, QByteArray> m_buffers;
};

} // namespace boxoffice::test
