// The strict HTTP/1.1 connection on its own: the parser fed any split of bytes, and the connection
// driven by real loopback clients writing raw bytes, as hostile ones would.

#include "app/web/http/httpconnection.h"
#include "app/web/http/httplistener.h"
#include "app/web/http/httplogging.h"
#include "app/web/http/httprequestparser.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QPointer>
#include <QRandomGenerator>
#include <QTcpSocket>
#include <QtTest>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>

using namespace boxoffice::web::http;
using namespace std::chrono_literals;

namespace {

// --- the parser, fed in pieces -------------------------------------------------------------------

struct ParseOutcome
{
    QList<HttpRequest> requests;
    HttpError error;
    qsizetype consumed = 0;
    bool stuck = false; // the parser took nothing and gave nothing: a bug
};

// Feeds `bytes` in pieces of `step` bytes (0: random sizes from a fixed seed), as a socket might.
ParseOutcome parseAll(const QByteArray &bytes, qsizetype step, const HttpLimits &limits = {})
{
    HttpRequestParser parser(limits);
    ParseOutcome outcome;
    QRandomGenerator random(42);
    qsizetype pos = 0;
    while (pos < bytes.size()) {
        const qsizetype size = step > 0 ? step : 1 + random.bounded(40);
        const QByteArrayView piece = QByteArrayView(bytes).sliced(pos, qMin(size, bytes.size() - pos));
        qsizetype offset = 0;
        while (offset < piece.size()) {
            const qsizetype used = parser.feed(piece.sliced(offset));
            offset += used;
            if (parser.hasError()) {
                outcome.error = parser.error();
                outcome.consumed = pos + offset;
                return outcome;
            }
            if (parser.hasRequest()) {
                outcome.requests.append(parser.takeRequest());
            } else if (offset < piece.size()) {
                outcome.stuck = true; // consumed less than given without a request or an error
                return outcome;
            }
        }
        pos += piece.size();
    }
    outcome.consumed = pos;
    return outcome;
}

QByteArray chunkedUpload()
{
    return QByteArrayLiteral("POST /upload HTTP/1.1\r\nHost: example\r\nTransfer-Encoding: Chunked\r\n\r\n"
                             "5;name=value\r\nhello\r\n"
                             "1 ; quoted=\"x y\"\r\n,\r\n"
                             "6\r\n world\r\n"
                             "0\r\nX-Checksum: 1234\r\nX-Other: y\r\n\r\n");
}

QByteArray threeRequests()
{
    return QByteArrayLiteral("\r\nGET /caf%C3%A9/a%20b?x=1%202&y HTTP/1.1\r\nHost: example\r\n"
                             "X-Tab:\tvalue with\ttab \r\nX-Latin: caf\xe9\r\nACCEPT: */*\r\n\r\n")
        + QByteArrayLiteral("POST /form HTTP/1.1\r\nHost: example\r\nContent-Length: 7\r\nContent-Length: 7\r\n"
                            "Connection: keep-alive\r\n\r\nabc=def")
        + chunkedUpload();
}

// --- raw clients over loopback --------------------------------------------------------------------

bool waitUntil(const std::function<bool()> &done, int timeoutMs = 5000)
{
    QDeadlineTimer deadline(timeoutMs);
    while (!done()) {
        if (deadline.hasExpired())
            return false;
        QTest::qWait(2);
    }
    return true;
}

struct Answer
{
    int status = 0;
    QList<QPair<QByteArray, QByteArray>> headers; // names lower-cased
    QByteArray body;

    QByteArray header(QByteArrayView name) const
    {
        for (const auto &field : headers) {
            if (field.first == name)
                return field.second;
        }
        return {};
    }
    bool hasHeader(QByteArrayView name) const
    {
        for (const auto &field : headers) {
            if (field.first == name)
                return true;
        }
        return false;
    }
    QString errorCode() const
    {
        return QJsonDocument::fromJson(body)
            .object()
            .value(QStringLiteral("error"))
            .toObject()
            .value(QStringLiteral("code"))
            .toString();
    }
};

// One answer off the front of `buffer`, when all of it is there.
bool takeAnswer(QByteArray &buffer, Answer &answer, bool head)
{
    const qsizetype end = buffer.indexOf("\r\n\r\n");
    if (end < 0)
        return false;
    const QList<QByteArray> lines = buffer.left(end).split('\n');
    Answer parsed;
    parsed.status = lines[0].trimmed().split(' ').value(1).toInt();
    qsizetype length = 0;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArray line = lines[i].trimmed();
        const qsizetype colon = line.indexOf(':');
        const QByteArray name = line.left(colon).toLower();
        const QByteArray value = line.mid(colon + 1).trimmed();
        parsed.headers.append({name, value});
        if (name == "content-length")
            length = value.toLongLong();
    }
    if (head || parsed.status < 200 || parsed.status == 204 || parsed.status == 304)
        length = 0;
    if (buffer.size() < end + 4 + length)
        return false;
    parsed.body = buffer.mid(end + 4, length);
    buffer.remove(0, end + 4 + length);
    answer = parsed;
    return true;
}

class RawClient : public QObject
{
public:
    explicit RawClient(quint16 port)
    {
        connect(&socket, &QTcpSocket::readyRead, this, [this] {
            if (reading)
                received += socket.readAll();
        });
        connect(&socket, &QTcpSocket::stateChanged, this, [this](QAbstractSocket::SocketState state) {
            if (state == QAbstractSocket::UnconnectedState) {
                if (socket.isOpen())
                    received += socket.readAll();
                closed = true;
            }
        });
        socket.connectToHost(QHostAddress::LocalHost, port);
    }
    ~RawClient() override { socket.disconnect(this); }

    bool waitConnected()
    {
        return waitUntil([this] { return socket.state() == QAbstractSocket::ConnectedState; });
    }
    void send(const QByteArray &bytes) { socket.write(bytes); }
    std::optional<Answer> answer(bool head = false, int timeoutMs = 5000)
    {
        Answer answer;
        if (waitUntil([&] { return takeAnswer(received, answer, head); }, timeoutMs))
            return answer;
        return std::nullopt;
    }
    bool waitClosed(int timeoutMs = 5000)
    {
        return waitUntil([this] { return closed; }, timeoutMs);
    }

    QTcpSocket socket;
    QByteArray received;
    bool closed = false;
    bool reading = true; // false: answers pile up in the kernel, as with a client that stopped reading
};

// A listener on a free loopback port that remembers the connections it made.
class TestServer
{
public:
    TestServer(const HttpConfig &config, HttpConnection::Handler handler) : listener(config, std::move(handler))
    {
        QObject::connect(&listener, &HttpListener::connectionOpened, &listener, [this](HttpConnection *connection) {
            connections.append(connection);
            QObject::connect(connection, &HttpConnection::closed, connection,
                             [this, connection] { peaks.append(connection->peakBufferedBytes()); });
        });
        listener.listen(QHostAddress::LocalHost, 0);
    }

    quint16 port() const { return listener.serverPort(); }
    HttpConnection *lastConnection() const { return connections.isEmpty() ? nullptr : connections.last().data(); }

    HttpListener listener;
    QList<QPointer<HttpConnection>> connections;
    QList<qsizetype> peaks; // each closed connection's most buffered client bytes
};

QByteArray get(const QByteArray &path, const QByteArray &extra = {})
{
    return "GET " + path + " HTTP/1.1\r\nHost: test\r\n" + extra + "\r\n";
}

} // namespace

class TestHttpConnection : public QObject
{
    Q_OBJECT

private:
    int m_calls = 0;
    QList<HttpRequest> m_requests;

    // Answers "METHOD TARGET BODY", as text, at once.
    HttpConnection::Handler echo()
    {
        return [this](const HttpRequest &request, HttpResponder responder) {
            ++m_calls;
            m_requests.append(request);
            HttpResponse response(200, request.method + ' ' + request.target + ' ' + request.body, "text/plain");
            response.addHeader("X-Sequence", QByteArray::number(request.sequence));
            responder.respond(response);
        };
    }

private slots:
    void init()
    {
        m_calls = 0;
        m_requests.clear();
    }

    // --- parser ----------------------------------------------------------------------------------

    void parserReadsRequestsSplitAnywhere_data()
    {
        QTest::addColumn<qsizetype>("step");
        QTest::newRow("whole") << qsizetype(1 << 20);
        QTest::newRow("byte by byte") << qsizetype(1);
        QTest::newRow("two bytes") << qsizetype(2);
        QTest::newRow("random splits") << qsizetype(0);
    }
    void parserReadsRequestsSplitAnywhere()
    {
        QFETCH(qsizetype, step);
        const ParseOutcome outcome = parseAll(threeRequests(), step);
        QVERIFY(!outcome.stuck);
        QVERIFY2(outcome.error.isNull(), qPrintable(outcome.error.message));
        QCOMPARE(outcome.requests.size(), 3);

        const HttpRequest &get = outcome.requests[0];
        QCOMPARE(get.method, QByteArray("GET"));
        QCOMPARE(get.target, QByteArray("/caf%C3%A9/a%20b?x=1%202&y"));
        QCOMPARE(get.path, QStringLiteral("/café/a b"));
        QCOMPARE(get.query.queryItemValue(QStringLiteral("x"), QUrl::FullyDecoded), QStringLiteral("1 2"));
        QVERIFY(get.query.hasQueryItem(QStringLiteral("y")));
        QCOMPARE(get.versionMinor, 1);
        QCOMPARE(get.sequence, quint64(1));
        QVERIFY(get.keepAlive);
        QCOMPARE(get.headers.size(), 4);
        QCOMPARE(get.headers[0].first, QByteArray("host"));
        QCOMPARE(get.headers[1], qMakePair(QByteArray("x-tab"), QByteArray("value with\ttab")));
        QCOMPARE(get.header("x-latin"), QByteArray("caf\xe9"));
        QCOMPARE(get.headers[3].first, QByteArray("accept")); // lower-cased, in order
        QVERIFY(get.body.isEmpty());

        const HttpRequest &form = outcome.requests[1];
        QCOMPARE(form.method, QByteArray("POST"));
        QCOMPARE(form.body, QByteArray("abc=def")); // two equal Content-Lengths are one
        QCOMPARE(form.sequence, quint64(2));

        const HttpRequest &upload = outcome.requests[2];
        QCOMPARE(upload.body, QByteArray("hello, world")); // extensions ignored, trailers dropped
        QVERIFY(!upload.hasHeader("x-checksum"));
        QCOMPARE(upload.sequence, quint64(3));
    }

    void parserAcceptsWhatIsSafe_data()
    {
        QTest::addColumn<QByteArray>("raw");
        QTest::addColumn<QByteArray>("path");
        QTest::addColumn<bool>("keepAlive");
        QTest::newRow("HTTP/1.0 without Host closes")
            << QByteArray("GET /old HTTP/1.0\r\n\r\n") << QByteArray("/old") << false;
        QTest::newRow("HTTP/1.0 keep-alive")
            << QByteArray("GET /old HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n") << QByteArray("/old") << true;
        QTest::newRow("HTTP/1.1 close among tokens")
            << QByteArray("GET / HTTP/1.1\r\nHost: a\r\nConnection: keep-alive, Close\r\n\r\n") << QByteArray("/")
            << false;
        QTest::newRow("OPTIONS *") << QByteArray("OPTIONS * HTTP/1.1\r\nHost: a\r\n\r\n") << QByteArray("*") << true;
        QTest::newRow("empty Host value") << QByteArray("GET / HTTP/1.1\r\nHost:\r\n\r\n") << QByteArray("/") << true;
        QTest::newRow("Content-Length 0")
            << QByteArray("POST /p HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n") << QByteArray("/p") << true;
    }
    void parserAcceptsWhatIsSafe()
    {
        QFETCH(QByteArray, raw);
        QFETCH(QByteArray, path);
        QFETCH(bool, keepAlive);
        for (const qsizetype step : {qsizetype(1), qsizetype(1 << 20)}) {
            const ParseOutcome outcome = parseAll(raw, step);
            QVERIFY2(outcome.error.isNull(), qPrintable(outcome.error.message));
            QCOMPARE(outcome.requests.size(), 1);
            QCOMPARE(outcome.requests[0].path.toUtf8(), path);
            QCOMPARE(outcome.requests[0].keepAlive, keepAlive);
        }
    }

    void parserRefusesMalformedRequests_data()
    {
        QTest::addColumn<QByteArray>("raw");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("code");
        const QByteArray post = "POST / HTTP/1.1\r\nHost: a\r\n";
        const QByteArray chunked = post + "Transfer-Encoding: chunked\r\n\r\n";
        const auto row = [](const char *name, const QByteArray &raw, int status, const char *code) {
            QTest::newRow(name) << raw << status << QString::fromLatin1(code);
        };
        row("two different Content-Lengths", post + "Content-Length: 3\r\nContent-Length: 4\r\n\r\nabcd", 400,
            "bad_request");
        row("Content-Length not digits", post + "Content-Length: 3a\r\n\r\nabc", 400, "bad_request");
        row("Content-Length signed", post + "Content-Length: +3\r\n\r\nabc", 400, "bad_request");
        row("Content-Length list", post + "Content-Length: 3, 3\r\n\r\nabc", 400, "bad_request");
        row("Content-Length empty", post + "Content-Length:\r\n\r\n", 400, "bad_request");
        row("Content-Length with chunked", post + "Content-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
            400, "bad_request");
        row("chunked with Content-Length", post + "Transfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n",
            400, "bad_request");
        row("Transfer-Encoding gzip", post + "Transfer-Encoding: gzip\r\n\r\n", 501, "not_implemented");
        row("Transfer-Encoding gzip, chunked", post + "Transfer-Encoding: gzip, chunked\r\n\r\n", 501,
            "not_implemented");
        row("Transfer-Encoding chunked twice",
            post + "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n", 501, "not_implemented");
        row("Transfer-Encoding padded", post + "Transfer-Encoding: xchunked\r\n\r\n", 501, "not_implemented");
        row("Transfer-Encoding in HTTP/1.0", "POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400,
            "bad_request");
        row("obsolete line folding", "GET / HTTP/1.1\r\nHost: a\r\nX-A: b\r\n c\r\n\r\n", 400, "bad_request");
        row("folding with tab", "GET / HTTP/1.1\r\nHost: a\r\nX-A: b\r\n\tc\r\n\r\n", 400, "bad_request");
        row("NUL in a value", QByteArray("GET / HTTP/1.1\r\nHost: a\r\nX-A: b\0c\r\n\r\n", 37), 400, "bad_request");
        row("escape in a value", "GET / HTTP/1.1\r\nHost: a\r\nX-A: \x1b[31m\r\n\r\n", 400, "bad_request");
        row("DEL in a value", "GET / HTTP/1.1\r\nHost: a\r\nX-A: b\x7f\r\n\r\n", 400, "bad_request");
        row("bare CR in a value", "GET / HTTP/1.1\r\nHost: a\r\nX-A: b\rc\r\n\r\n", 400, "bad_request");
        row("bare LF line end", "GET / HTTP/1.1\nHost: a\n\n", 400, "bad_request");
        row("control in the request line", "GET /a\x01 HTTP/1.1\r\nHost: a\r\n\r\n", 400, "bad_request");
        row("tab in the request line", "GET\t/ HTTP/1.1\r\nHost: a\r\n\r\n", 400, "bad_request");
        row("two spaces in the request line", "GET  / HTTP/1.1\r\nHost: a\r\n\r\n", 400, "bad_request");
        row("no version", "GET /\r\nHost: a\r\n\r\n", 400, "bad_request");
        row("method not a token", "G(T / HTTP/1.1\r\nHost: a\r\n\r\n", 400, "bad_request");
        row("space before the colon", "GET / HTTP/1.1\r\nHost : a\r\n\r\n", 400, "bad_request");
        row("name not a token", "GET / HTTP/1.1\r\nHost: a\r\nX(A): b\r\n\r\n", 400, "bad_request");
        row("empty name", "GET / HTTP/1.1\r\nHost: a\r\n: b\r\n\r\n", 400, "bad_request");
        row("no colon", "GET / HTTP/1.1\r\nHost: a\r\nX-A b\r\n\r\n", 400, "bad_request");
        row("missing Host", "GET / HTTP/1.1\r\nX-A: b\r\n\r\n", 400, "bad_request");
        row("two Hosts", "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400, "bad_request");
        row("absolute target", "GET http://a/ HTTP/1.1\r\nHost: a\r\n\r\n", 400, "bad_request");
        row("relative target", "GET a/b HTTP/1.1\r\nHost: a\r\n\r\n", 400, "bad_request");
        row("* without OPTIONS", "GET * HTTP/1.1\r\nHost: a\r\n\r\n", 400, "bad_request");
        row("fragment", "GET /a#b HTTP/1.1\r\nHost: a\r\n\r\n", 400, "bad_request");
        row("broken percent escape", "GET /a%zz HTTP/1.1\r\nHost: a\r\n\r\n", 400, "bad_request");
        row("truncated percent escape", "GET /a?b=%2 HTTP/1.1\r\nHost: a\r\n\r\n", 400, "bad_request");
        row("encoded NUL", "GET /a%00b HTTP/1.1\r\nHost: a\r\n\r\n", 400, "bad_request");
        row("encoded invalid UTF-8", "GET /a%ff HTTP/1.1\r\nHost: a\r\n\r\n", 400, "bad_request");
        row("non-ASCII target", "GET /caf\xc3\xa9 HTTP/1.1\r\nHost: a\r\n\r\n", 400, "bad_request");
        row("HTTP/2.0", "GET / HTTP/2.0\r\nHost: a\r\n\r\n", 505, "http_version_not_supported");
        row("HTTP/1.2", "GET / HTTP/1.2\r\nHost: a\r\n\r\n", 505, "http_version_not_supported");
        row("HTTP/0.9", "GET / HTTP/0.9\r\n\r\n", 505, "http_version_not_supported");
        row("lower-case version", "GET / http/1.1\r\nHost: a\r\n\r\n", 400, "bad_request");
        row("version with more", "GET / HTTP/1.10\r\nHost: a\r\n\r\n", 400, "bad_request");
        row("request line too long", "GET /" + QByteArray(9000, 'a') + " HTTP/1.1\r\nHost: a\r\n\r\n", 414,
            "uri_too_long");
        row("header block too large",
            "GET / HTTP/1.1\r\nHost: a\r\n" + QByteArray("X-A: ") + QByteArray(17000, 'a') + "\r\n\r\n", 431,
            "headers_too_large");
        QByteArray manyFields = "GET / HTTP/1.1\r\nHost: a\r\n";
        for (int i = 0; i < 100; ++i)
            manyFields += "X-" + QByteArray::number(i) + ": v\r\n";
        row("101 header fields", manyFields + "\r\n", 431, "headers_too_large");
        row("Content-Length above the limit", post + "Content-Length: 300000000\r\n\r\n", 413, "payload_too_large");
        row("Content-Length beyond 64 bits", post + "Content-Length: 99999999999999999999999999\r\n\r\n", 413,
            "payload_too_large");
        row("chunked body above the limit",
            chunked + "8000\r\n" + QByteArray(0x8000, 'a') + "\r\n8001\r\n" + QByteArray(0x8001, 'b') + "\r\n0\r\n\r\n",
            413, "payload_too_large");
        row("chunk size beyond 64 bits", chunked + "FFFFFFFFFFFFFFFFFFFFFFFF\r\n", 413, "payload_too_large");
        row("chunk size not hex", chunked + "zz\r\n", 400, "bad_request");
        row("chunk size signed", chunked + "-1\r\n", 400, "bad_request");
        row("chunk size with junk", chunked + "3 x\r\nabc\r\n0\r\n\r\n", 400, "bad_request");
        row("chunk data without CRLF", chunked + "3\r\nabcX\r\n0\r\n\r\n", 400, "bad_request");
        row("chunk data with LF only", chunked + "3\r\nabc\n0\r\n\r\n", 400, "bad_request");
        row("chunk extension with a control", chunked + "3;a=\x01\r\nabc\r\n0\r\n\r\n", 400, "bad_request");
        row("chunk line too long", chunked + "3;" + QByteArray(2000, 'e') + "\r\nabc\r\n0\r\n\r\n", 400, "bad_request");
        row("trailer name not a token", chunked + "0\r\nX A: b\r\n\r\n", 400, "bad_request");
        row("trailers too large", chunked + "0\r\nX-A: " + QByteArray(17000, 't') + "\r\n\r\n", 431,
            "headers_too_large");
        row("unknown expectation", post + "Content-Length: 3\r\nExpect: magic\r\n\r\nabc", 417, "expectation_failed");
    }
    void parserRefusesMalformedRequests()
    {
        QFETCH(QByteArray, raw);
        QFETCH(int, status);
        QFETCH(QString, code);
        for (const qsizetype step : {qsizetype(1), qsizetype(7), qsizetype(1 << 20)}) {
            const ParseOutcome outcome = parseAll(raw, step);
            QVERIFY(!outcome.stuck);
            QVERIFY2(outcome.requests.isEmpty(), "a request came out of malformed bytes");
            QCOMPARE(outcome.error.status, status);
            QCOMPARE(QString::fromLatin1(outcome.error.code), code);
            QVERIFY(!outcome.error.message.isEmpty());
        }
    }

    // Limits hold while the bytes arrive: the parser refuses before holding more than a limit.
    void parserRefusesOverLimitsWithoutBuffering()
    {
        const QByteArray block(64 * 1024, 'a');
        {
            HttpRequestParser parser;
            parser.feed("GET / HTTP/1.1\r\nHost: a\r\nX-Huge: ");
            qsizetype fed = 0;
            // A 50 MB header line, as one that QHttpServer would take in whole.
            while (!parser.hasError() && fed < 50 * 1024 * 1024) {
                parser.feed(block);
                fed += block.size();
                QVERIFY(parser.bufferedBytes() <= 16 * 1024 + 64);
            }
            QCOMPARE(parser.error().status, 431);
            QCOMPARE(fed, block.size()); // refused within the first 64 KiB
        }
        {
            HttpRequestParser parser;
            parser.feed("GET /");
            parser.feed(block);
            QCOMPARE(parser.error().status, 414);
            QVERIFY(parser.bufferedBytes() <= 8 * 1024 + 64);
        }
        {
            // The head is read up to its end and the error comes there: none of the body is taken.
            const QByteArray head = "PUT /big HTTP/1.1\r\nHost: a\r\nContent-Length: 300000000\r\n\r\n";
            HttpRequestParser parser;
            const qsizetype used = parser.feed(head + block);
            QCOMPARE(parser.error().status, 413);
            QCOMPARE(used, head.size());
            QVERIFY(parser.bufferedBytes() < 1024);
        }
    }

    void parserStopsAtEachRequestAndInvitesBodies()
    {
        HttpRequestParser parser;
        const QByteArray two = get("/1") + get("/2");
        const qsizetype used = parser.feed(two);
        QCOMPARE(used, get("/1").size()); // the next request stays the caller's until it takes this one
        QVERIFY(parser.hasRequest());
        QCOMPARE(parser.takeRequest().target, QByteArray("/1"));
        QCOMPARE(parser.phase(), HttpRequestParser::Phase::Idle);
        QCOMPARE(parser.feed(QByteArrayView(two).sliced(used)), get("/2").size());
        QCOMPARE(parser.takeRequest().sequence, quint64(2));

        parser.feed("POST /p HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\n");
        QCOMPARE(parser.phase(), HttpRequestParser::Phase::Body);
        QVERIFY(parser.takeContinueRequest());
        QVERIFY(!parser.takeContinueRequest());
        parser.feed("abc");
        QCOMPARE(parser.takeRequest().body, QByteArray("abc"));
    }

    void logTextIsEscaped()
    {
        QCOMPARE(loggableBytes("a\r\nb\x1b[0m\\ok\xff"), QStringLiteral("a\\x0d\\x0ab\\x1b[0m\\x5cok\\xff"));
        QCOMPARE(loggableBytes(QByteArray(300, 'x'), 10), QStringLiteral("xxxxxxxxxx..."));
    }

    // --- the connection over real sockets --------------------------------------------------------

    void answersAndKeepsTheConnectionOpen()
    {
        TestServer server(HttpConfig{}, echo());
        RawClient client(server.port());
        QVERIFY(client.waitConnected());
        client.send(get("/one"));
        auto first = client.answer();
        QVERIFY(first);
        QCOMPARE(first->status, 200);
        QCOMPARE(first->body, QByteArray("GET /one "));
        QCOMPARE(first->header("content-length"), QByteArray("9"));
        QCOMPARE(first->header("content-type"), QByteArray("text/plain"));
        QVERIFY(!first->hasHeader("connection"));
        client.send("POST /two HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello");
        auto second = client.answer();
        QVERIFY(second);
        QCOMPARE(second->body, QByteArray("POST /two hello"));
        QCOMPARE(second->header("x-sequence"), QByteArray("2"));
        QVERIFY(!client.closed);
        QCOMPARE(server.connections.size(), 1);
        QCOMPARE(m_requests[0].peerAddress, QHostAddress(QHostAddress::LocalHost));
        QCOMPARE(m_requests[0].peerPort, client.socket.localPort());
    }

    // 3 x 300 MB uploads took QHttpServer to 2.2 GB: here the declared length alone is refused.
    void refusesAHugeContentLengthBeforeItsBody()
    {
        TestServer server(HttpConfig{}, echo());
        RawClient client(server.port());
        QVERIFY(client.waitConnected());
        client.send(
            "POST /upload HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 300000000\r\n\r\n");
        auto answer = client.answer();
        QVERIFY(answer);
        QCOMPARE(answer->status, 413);
        QCOMPARE(answer->errorCode(), QStringLiteral("payload_too_large"));
        QCOMPARE(answer->header("connection"), QByteArray("close"));
        QVERIFY(client.waitClosed());
        QCOMPARE(m_calls, 0);
        QTRY_COMPARE(server.peaks.size(), 1);
        QVERIFY2(server.peaks[0] < 1024, qPrintable(QString::number(server.peaks[0])));
    }

    void dropsAStreamingHugeBodyWithoutBufferingIt()
    {
        TestServer server(HttpConfig{}, echo());
        RawClient client(server.port());
        QVERIFY(client.waitConnected());
        client.send("POST /upload HTTP/1.1\r\nHost: t\r\nContent-Length: 300000000\r\n\r\n");
        // The client sends its body regardless, as a hostile one would: 16 MB of it.
        const QByteArray block(64 * 1024, 'x');
        for (int i = 0; i < 256; ++i)
            client.send(block);
        auto answer = client.answer();
        QVERIFY(answer);
        QCOMPARE(answer->status, 413);
        QVERIFY(client.waitClosed());
        QTRY_COMPARE(server.peaks.size(), 1);
        qInfo() << "most client bytes held:" << server.peaks[0];
        QVERIFY2(server.peaks[0] < 128 * 1024, qPrintable(QString::number(server.peaks[0])));
        QCOMPARE(m_calls, 0);
    }

    void refusesOverlongLinesWhileTheyArrive_data()
    {
        QTest::addColumn<QByteArray>("start");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("code");
        QTest::newRow("request line") << QByteArray("GET /") << 414 << QStringLiteral("uri_too_long");
        QTest::newRow("header line") << QByteArray("GET / HTTP/1.1\r\nHost: t\r\nX-Huge: ") << 431
                                     << QStringLiteral("headers_too_large");
    }
    void refusesOverlongLinesWhileTheyArrive()
    {
        QFETCH(QByteArray, start);
        QFETCH(int, status);
        QFETCH(QString, code);
        TestServer server(HttpConfig{}, echo());
        RawClient client(server.port());
        QVERIFY(client.waitConnected());
        // A line that never ends: the answer cannot be waiting for its end.
        client.send(start);
        for (int i = 0; i < 64; ++i)
            client.send(QByteArray(64 * 1024, 'a'));
        auto answer = client.answer();
        QVERIFY(answer);
        QCOMPARE(answer->status, status);
        QCOMPARE(answer->errorCode(), code);
        QVERIFY(client.waitClosed());
        QTRY_COMPARE(server.peaks.size(), 1);
        qInfo() << "most client bytes held:" << server.peaks[0];
        QVERIFY2(server.peaks[0] < 128 * 1024, qPrintable(QString::number(server.peaks[0])));
    }

    void answersMalformedRequestsAndCloses_data()
    {
        QTest::addColumn<QByteArray>("raw");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("code");
        QTest::newRow("smuggling: Content-Length and chunked")
            << QByteArray("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 6\r\nTransfer-Encoding: "
                          "chunked\r\n\r\n0\r\n\r\nGET /admin HTTP/1.1\r\nHost: t\r\n\r\n")
            << 400 << QStringLiteral("bad_request");
        QTest::newRow("smuggling: two lengths")
            << QByteArray("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\nContent-Length: 40\r\n\r\nGET /admin "
                          "HTTP/1.1\r\nHost: t\r\n\r\n")
            << 400 << QStringLiteral("bad_request");
        QTest::newRow("gzip transfer coding")
            << QByteArray("POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: gzip\r\n\r\n") << 501
            << QStringLiteral("not_implemented");
        QTest::newRow("missing Host") << QByteArray("GET / HTTP/1.1\r\n\r\n") << 400 << QStringLiteral("bad_request");
        QTest::newRow("HTTP/2.0") << QByteArray("GET / HTTP/2.0\r\nHost: t\r\n\r\n") << 505
                                  << QStringLiteral("http_version_not_supported");
        QTest::newRow("NUL in the request line")
            << QByteArray("GET /\0 HTTP/1.1\r\nHost: t\r\n\r\n", 29) << 400 << QStringLiteral("bad_request");
        QTest::newRow("folded header") << QByteArray("GET / HTTP/1.1\r\nHost: t\r\nX: a\r\n b\r\n\r\n") << 400
                                       << QStringLiteral("bad_request");
        QTest::newRow("TLS hello") << QByteArray("\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n", 13) << 400
                                   << QStringLiteral("bad_request");
    }
    void answersMalformedRequestsAndCloses()
    {
        QFETCH(QByteArray, raw);
        QFETCH(int, status);
        QFETCH(QString, code);
        TestServer server(HttpConfig{}, echo());
        RawClient client(server.port());
        QVERIFY(client.waitConnected());
        client.send(raw);
        auto answer = client.answer();
        QVERIFY(answer);
        QCOMPARE(answer->status, status);
        QCOMPARE(answer->errorCode(), code);
        QCOMPARE(answer->header("content-type"), QByteArray("application/json"));
        QCOMPARE(answer->header("connection"), QByteArray("close"));
        QVERIFY(!answer->body.isEmpty());
        QVERIFY(client.waitClosed());
        QVERIFY(client.received.isEmpty()); // nothing after the refusal: no smuggled request answered
        QCOMPARE(m_calls, 0);
    }

    // Several requests in one write, answered backwards from another thread: written in order.
    void pipelinedAnswersGoOutInRequestOrder()
    {
        QList<HttpResponder> held;
        QList<HttpRequest> requests;
        TestServer server(HttpConfig{}, [&](const HttpRequest &request, HttpResponder responder) {
            requests.append(request);
            held.append(responder);
        });
        RawClient client(server.port());
        QVERIFY(client.waitConnected());
        QByteArray pipeline;
        for (int i = 0; i < 5; ++i)
            pipeline += get("/" + QByteArray::number(i));
        pipeline += "HEAD /5 HTTP/1.1\r\nHost: t\r\n\r\n";
        client.send(pipeline);
        QTRY_COMPARE(held.size(), 6);
        for (int i = 0; i < 6; ++i)
            QCOMPARE(requests[i].sequence, quint64(i + 1));

        std::thread worker([held] {
            for (qsizetype i = held.size() - 1; i >= 0; --i)
                held[i].respond(HttpResponse(200, "answer " + QByteArray::number(i)));
        });
        worker.join();
        for (int i = 0; i < 6; ++i) {
            auto answer = client.answer(i == 5);
            QVERIFY(answer);
            if (i < 5)
                QCOMPARE(answer->body, "answer " + QByteArray::number(i));
            else
                QCOMPARE(answer->header("content-length"), QByteArray("8"));
        }
        QVERIFY(!client.closed);
        QTest::qWait(20);
        QVERIFY(client.received.isEmpty());
    }

    // At most N requests wait for answers: beyond, the connection stops reading until answers go out.
    void pipelineBeyondTheLimitWaitsForAnswers()
    {
        HttpConfig config;
        config.maxPendingRequests = 4;
        QList<HttpResponder> held;
        TestServer server(config, [&](const HttpRequest &, HttpResponder responder) { held.append(responder); });
        RawClient client(server.port());
        QVERIFY(client.waitConnected());
        QByteArray pipeline;
        for (int i = 0; i < 10; ++i)
            pipeline += get("/" + QByteArray::number(i));
        client.send(pipeline);
        QTRY_COMPARE(held.size(), 4);
        QTest::qWait(100); // a negative check: nothing more may be read in the meantime
        QCOMPARE(held.size(), 4);
        QCOMPARE(server.lastConnection()->pendingRequests(), 4);

        held[0].respond(HttpResponse(200, "0"));
        QTRY_COMPARE(held.size(), 5);
        int answered = 1;
        while (answered < 10) {
            QTRY_VERIFY(held.size() > answered);
            held[answered].respond(HttpResponse(200, QByteArray::number(answered)));
            ++answered;
        }
        for (int i = 0; i < 10; ++i) {
            auto answer = client.answer();
            QVERIFY(answer);
            QCOMPARE(answer->body, QByteArray::number(i));
        }
        QCOMPARE(held.size(), 10);
    }

    void connectionCloseIsHonoured()
    {
        TestServer server(HttpConfig{}, echo());
        RawClient client(server.port());
        QVERIFY(client.waitConnected());
        client.send(get("/last", "Connection: close\r\n") + get("/never"));
        auto answer = client.answer();
        QVERIFY(answer);
        QCOMPARE(answer->status, 200);
        QCOMPARE(answer->header("connection"), QByteArray("close"));
        QVERIFY(client.waitClosed());
        QVERIFY(client.received.isEmpty());
        QCOMPARE(m_calls, 1);
    }

    void http10ClosesUnlessKeepAlive()
    {
        TestServer server(HttpConfig{}, echo());
        {
            RawClient client(server.port());
            QVERIFY(client.waitConnected());
            client.send("GET /old HTTP/1.0\r\n\r\n");
            auto answer = client.answer();
            QVERIFY(answer);
            QCOMPARE(answer->status, 200);
            QCOMPARE(answer->header("connection"), QByteArray("close"));
            QVERIFY(client.waitClosed());
        }
        {
            RawClient client(server.port());
            QVERIFY(client.waitConnected());
            client.send("GET /a HTTP/1.0\r\nConnection: keep-alive\r\n\r\n");
            auto first = client.answer();
            QVERIFY(first);
            QCOMPARE(first->header("connection"), QByteArray("keep-alive"));
            client.send("GET /b HTTP/1.0\r\nConnection: keep-alive\r\n\r\n");
            auto second = client.answer();
            QVERIFY(second);
            QCOMPARE(second->body, QByteArray("GET /b "));
            QVERIFY(!client.closed);
        }
    }

    void handlerMayCloseTheConnection()
    {
        TestServer server(HttpConfig{}, [](const HttpRequest &, HttpResponder responder) {
            HttpResponse response(200, "bye");
            response.addHeader("Connection", "close");
            responder.respond(response);
        });
        RawClient client(server.port());
        QVERIFY(client.waitConnected());
        client.send(get("/"));
        auto answer = client.answer();
        QVERIFY(answer);
        QCOMPARE(answer->header("connection"), QByteArray("close"));
        QVERIFY(client.waitClosed());
    }

    // The handler gives HEAD the GET's answer; only its fields go out.
    void headAnswersCarryTheGetFields()
    {
        TestServer server(HttpConfig{}, [](const HttpRequest &request, HttpResponder responder) {
            responder.respond(HttpResponse(200, "full body of " + request.path.toUtf8(), "text/plain"));
        });
        RawClient client(server.port());
        QVERIFY(client.waitConnected());
        client.send("HEAD /x HTTP/1.1\r\nHost: t\r\n\r\n" + get("/y"));
        auto head = client.answer(true);
        QVERIFY(head);
        QCOMPARE(head->status, 200);
        QCOMPARE(head->header("content-length"), QByteArray("15"));
        QCOMPARE(head->header("content-type"), QByteArray("text/plain"));
        auto next = client.answer(); // would read the HEAD's body, had any been sent
        QVERIFY(next);
        QCOMPARE(next->body, QByteArray("full body of /y"));
    }

    void noContentAnswersHaveNoLength()
    {
        TestServer server(HttpConfig{}, [](const HttpRequest &, HttpResponder responder) {
            responder.respond(HttpResponse(204, "ignored"));
        });
        RawClient client(server.port());
        QVERIFY(client.waitConnected());
        client.send(get("/a") + get("/b"));
        for (int i = 0; i < 2; ++i) {
            auto answer = client.answer();
            QVERIFY(answer);
            QCOMPARE(answer->status, 204);
            QVERIFY(!answer->hasHeader("content-length"));
        }
        QTest::qWait(20);
        QVERIFY(client.received.isEmpty());
    }

    void chunkedUploadsAreDecodedAndLimited()
    {
        HttpConfig config;
        config.limits.maxBodyBytes = 1000;
        TestServer server(config, echo());
        {
            RawClient client(server.port());
            QVERIFY(client.waitConnected());
            client.send("POST /c HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nabcd");
            QTest::qWait(20);
            client.send("\r\n3;x=y\r\nefg\r\n0\r\nX-T: 1\r\n\r\n");
            auto answer = client.answer();
            QVERIFY(answer);
            QCOMPARE(answer->body, QByteArray("POST /c abcdefg"));
        }
        {
            RawClient client(server.port());
            QVERIFY(client.waitConnected());
            client.send("POST /c HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n");
            for (int i = 0; i < 20; ++i)
                client.send("64\r\n" + QByteArray(100, 'z') + "\r\n"); // 2000 bytes in chunks of 100
            auto answer = client.answer();
            QVERIFY(answer);
            QCOMPARE(answer->status, 413);
            QCOMPARE(answer->errorCode(), QStringLiteral("payload_too_large"));
            QVERIFY(client.waitClosed());
        }
    }

    void expectContinueInvitesTheBody()
    {
        TestServer server(HttpConfig{}, echo());
        RawClient client(server.port());
        QVERIFY(client.waitConnected());
        client.send("PUT /e HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n");
        auto interim = client.answer();
        QVERIFY(interim);
        QCOMPARE(interim->status, 100);
        QCOMPARE(m_calls, 0);
        client.send("hello");
        auto answer = client.answer();
        QVERIFY(answer);
        QCOMPARE(answer->body, QByteArray("PUT /e hello"));
    }

    void idleConnectionsAreClosed()
    {
        HttpConfig config;
        config.timeouts.idle = 150ms;
        TestServer server(config, echo());
        {
            RawClient client(server.port()); // never says a word
            QVERIFY(client.waitConnected());
            QVERIFY(client.waitClosed());
            QVERIFY(client.received.isEmpty());
        }
        {
            RawClient client(server.port());
            QVERIFY(client.waitConnected());
            client.send(get("/"));
            QVERIFY(client.answer());
            QVERIFY(client.waitClosed()); // kept alive, then idle
        }
        QTRY_COMPARE(server.listener.openConnections(), 0);
    }

    // Headers trickling in a byte at a time do not keep the clock from running out.
    void slowHeadersAreAnswered408()
    {
        HttpConfig config;
        config.timeouts.headers = 300ms;
        TestServer server(config, echo());
        RawClient client(server.port());
        QVERIFY(client.waitConnected());
        client.send("GET / HTTP/1.1\r\nHost: t\r\nX-Slow: ");
        QTimer trickle;
        QObject::connect(&trickle, &QTimer::timeout, &client, [&] {
            if (client.socket.state() == QAbstractSocket::ConnectedState)
                client.send("a");
        });
        trickle.start(20);
        auto answer = client.answer();
        QVERIFY(answer);
        QCOMPARE(answer->status, 408);
        QCOMPARE(answer->errorCode(), QStringLiteral("request_timeout"));
        QVERIFY(client.waitClosed());
        QCOMPARE(m_calls, 0);
    }

    void stalledBodiesAreAnswered408()
    {
        HttpConfig config;
        config.timeouts.bodyProgress = 200ms;
        TestServer server(config, echo());
        RawClient client(server.port());
        QVERIFY(client.waitConnected());
        client.send("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\nabc");
        auto answer = client.answer();
        QVERIFY(answer);
        QCOMPARE(answer->status, 408);
        QVERIFY(client.waitClosed());
        QCOMPARE(m_calls, 0);
    }

    void lateAnswersAfterTheClientLeftAreDropped()
    {
        std::mutex mutex;
        std::condition_variable wake;
        bool release = false;
        std::optional<bool> openWhenAnswering;
        std::thread worker;
        QList<HttpResponder> queued;
        TestServer server(HttpConfig{}, [&](const HttpRequest &, HttpResponder responder) {
            if (worker.joinable()) {
                queued.append(responder); // answered never: its connection is gone first
                return;
            }
            worker = std::thread([&, responder] {
                std::unique_lock lock(mutex);
                wake.wait(lock, [&] { return release; });
                openWhenAnswering = responder.isConnectionOpen();
                responder.respond(HttpResponse(200, "too late"));
            });
        });
        {
            RawClient client(server.port());
            QVERIFY(client.waitConnected());
            client.send(get("/slow") + get("/queued"));
            QTRY_VERIFY(worker.joinable());
            QVERIFY(
                waitUntil([&] { return server.lastConnection() && server.lastConnection()->pendingRequests() >= 1; }));
            client.socket.abort();
        }
        QTRY_COMPARE(server.listener.openConnections(), 0);
        QTRY_VERIFY(server.connections[0].isNull());
        {
            const std::lock_guard lock(mutex);
            release = true;
        }
        wake.notify_all();
        worker.join();
        QTest::qWait(20); // whatever was posted is processed (or was never posted)
        QVERIFY(openWhenAnswering.has_value());
        QVERIFY(!*openWhenAnswering);
    }

    // The answer lands while the connection still exists but its client is already gone.
    void answerRacingTheDisconnectIsHarmless()
    {
        QList<HttpResponder> held;
        TestServer server(HttpConfig{}, [&](const HttpRequest &, HttpResponder responder) { held.append(responder); });
        for (int round = 0; round < 20; ++round) {
            RawClient client(server.port());
            QVERIFY(client.waitConnected());
            client.send(get("/r"));
            QTRY_COMPARE(held.size(), round + 1);
            const HttpResponder responder = held.last();
            std::thread worker([responder] { responder.respond(HttpResponse(200, QByteArray(100000, 'r'))); });
            client.socket.abort();
            worker.join();
        }
        QTRY_COMPARE(server.listener.openConnections(), 0);
    }

    void droppedRespondersAnswer500()
    {
        TestServer server(HttpConfig{}, [](const HttpRequest &, HttpResponder) {});
        RawClient client(server.port());
        QVERIFY(client.waitConnected());
        client.send(get("/forgotten") + get("/also"));
        for (int i = 0; i < 2; ++i) {
            auto answer = client.answer();
            QVERIFY(answer);
            QCOMPARE(answer->status, 500);
            QCOMPARE(answer->errorCode(), QStringLiteral("internal_error"));
        }
        QVERIFY(!client.closed);
    }

    void onlyTheFirstAnswerCounts()
    {
        TestServer server(HttpConfig{}, [](const HttpRequest &, HttpResponder responder) {
            responder.respond(HttpResponse(200, "first"));
            responder.respond(HttpResponse(500, "second"));
            QVERIFY(responder.hasResponded());
        });
        RawClient client(server.port());
        QVERIFY(client.waitConnected());
        client.send(get("/") + get("/"));
        for (int i = 0; i < 2; ++i) {
            auto answer = client.answer();
            QVERIFY(answer);
            QCOMPARE(answer->body, QByteArray("first"));
        }
        QTest::qWait(20);
        QVERIFY(client.received.isEmpty());
    }

    void largeAnswersAreWrittenWhole()
    {
        const QByteArray big = QByteArray(8 * 1024 * 1024, 'b') + "end";
        TestServer server(HttpConfig{}, [&](const HttpRequest &, HttpResponder responder) {
            responder.respond(HttpResponse(200, big, "application/octet-stream"));
        });
        RawClient client(server.port());
        QVERIFY(client.waitConnected());
        client.send(get("/big") + get("/big"));
        for (int i = 0; i < 2; ++i) {
            auto answer = client.answer(false, 20000);
            QVERIFY(answer);
            QCOMPARE(answer->body.size(), big.size());
            QVERIFY(answer->body == big);
        }
    }

    void clientsThatStopReadingAreDropped()
    {
        HttpConfig config;
        config.timeouts.writeProgress = 300ms;
        const QByteArray big(32 * 1024 * 1024, 'w'); // more than loopback's socket buffers take
        TestServer server(
            config, [&](const HttpRequest &, HttpResponder responder) { responder.respond(HttpResponse(200, big)); });
        RawClient client(server.port());
        client.reading = false;
        client.socket.setReadBufferSize(64 * 1024);
        QVERIFY(client.waitConnected());
        client.send(get("/never-read"));
        QTRY_COMPARE(server.listener.openConnections(), 1);
        QTRY_COMPARE_WITH_TIMEOUT(server.listener.openConnections(), 0, 10000);
    }

    void unsafeResponseFieldsAreDropped()
    {
        TestServer server(HttpConfig{}, [](const HttpRequest &, HttpResponder responder) {
            HttpResponse response(200, "ok");
            response.addHeader("X-Split", "a\r\nSet-Cookie: stolen=1");
            response.addHeader("Bad Name", "x");
            response.addHeader("Content-Length", "999");
            response.addHeader("Transfer-Encoding", "chunked");
            response.addHeader("X-Fine", "yes");
            responder.respond(response);
        });
        RawClient client(server.port());
        QVERIFY(client.waitConnected());
        client.send(get("/"));
        auto answer = client.answer();
        QVERIFY(answer);
        QCOMPARE(answer->body, QByteArray("ok"));
        QCOMPARE(answer->header("x-fine"), QByteArray("yes"));
        QCOMPARE(answer->header("content-length"), QByteArray("2"));
        QVERIFY(!answer->hasHeader("x-split"));
        QVERIFY(!answer->hasHeader("set-cookie"));
        QVERIFY(!answer->hasHeader("transfer-encoding"));
    }

    // As the web server will: one listening socket, opened elsewhere, handed over by descriptor.
    void listenerTakesAListeningDescriptorAndCountsConnections()
    {
        const int descriptor = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
        QVERIFY(descriptor >= 0);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        QCOMPARE(::bind(descriptor, reinterpret_cast<sockaddr *>(&address), sizeof address), 0);
        QCOMPARE(::listen(descriptor, 16), 0);

        HttpListener listener(HttpConfig{}, echo());
        QVERIFY(listener.setSocketDescriptor(descriptor));
        QVERIFY(listener.serverPort() != 0);
        const int before = HttpConnection::openCount();
        {
            RawClient a(listener.serverPort());
            RawClient b(listener.serverPort());
            RawClient c(listener.serverPort());
            QVERIFY(a.waitConnected() && b.waitConnected() && c.waitConnected());
            QTRY_COMPARE(listener.openConnections(), 3);
            QCOMPARE(HttpConnection::openCount(), before + 3);
            b.send(get("/via-descriptor"));
            auto answer = b.answer();
            QVERIFY(answer);
            QCOMPARE(answer->body, QByteArray("GET /via-descriptor "));
        }
        QTRY_COMPARE(listener.openConnections(), 0);
        QTRY_COMPARE(HttpConnection::openCount(), before);
    }

    void listenerStopsAcceptingAtItsLimit()
    {
        HttpConfig config;
        config.maxConnections = 2;
        TestServer server(config, echo());
        RawClient a(server.port());
        RawClient b(server.port());
        QVERIFY(a.waitConnected() && b.waitConnected());
        QTRY_COMPARE(server.listener.openConnections(), 2);
        RawClient c(server.port()); // the kernel completes the handshake; we do not take it yet
        c.send(get("/third"));
        QTest::qWait(100);
        QCOMPARE(server.listener.openConnections(), 2);
        QVERIFY(c.received.isEmpty());
        a.socket.abort();
        auto answer = c.answer();
        QVERIFY(answer);
        QCOMPARE(answer->body, QByteArray("GET /third "));
    }
};

QTEST_GUILESS_MAIN(TestHttpConnection)
#include "tst_httpconnection.moc"
