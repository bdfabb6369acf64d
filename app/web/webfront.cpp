#include "webfront.h"

#include "sharedlistener.h"
#include "weblanes.h"
#include "weblogging.h"
#include "webservices.h"
#include "workerpool.h"

#include <QHttpServerRequest>
#include <QHttpServerResponder>
#include <QHttpServerResponse>
#include <QLocale>
#include <QMetaObject>
#include <QMutexLocker>
#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>

#include <exception>

namespace boxoffice::web {

namespace {

QString methodName(QHttpServerRequest::Method method)
{
    switch (method) {
    case QHttpServerRequest::Method::Get:
        return QStringLiteral("GET");
    case QHttpServerRequest::Method::Put:
        return QStringLiteral("PUT");
    case QHttpServerRequest::Method::Delete:
        return QStringLiteral("DELETE");
    case QHttpServerRequest::Method::Post:
        return QStringLiteral("POST");
    case QHttpServerRequest::Method::Head:
        return QStringLiteral("HEAD");
    case QHttpServerRequest::Method::Options:
        return QStringLiteral("OPTIONS");
    case QHttpServerRequest::Method::Patch:
        return QStringLiteral("PATCH");
    case QHttpServerRequest::Method::Connect:
        return QStringLiteral("CONNECT");
    case QHttpServerRequest::Method::Trace:
        return QStringLiteral("TRACE");
    default:
        break;
    }
    return QStringLiteral("UNKNOWN");
}

// Runs a handler and turns anything it throws into a 500: a request may fail, the server may not.
ApiReply guarded(const char *where, const std::function<ApiReply()> &run)
{
    try {
        return run();
    } catch (const std::exception &e) {
        ApiReply reply = ApiReply::fromDomainError(makeError(ErrorCode::Internal, QString()));
        reply.errorDetail = QStringLiteral("%1 threw: %2").arg(QLatin1String(where), QString::fromLocal8Bit(e.what()));
        return reply;
    } catch (...) {
        ApiReply reply = ApiReply::fromDomainError(makeError(ErrorCode::Internal, QString()));
        reply.errorDetail = QStringLiteral("%1 threw").arg(QLatin1String(where));
        return reply;
    }
}

ApiReply unauthorized()
{
    ApiReply reply = ApiReply::error(401, QStringLiteral("unauthorized"),
                                     QStringLiteral("Sign in: send \"Authorization: Bearer <your buyer token>\"."));
    reply.addHeader("WWW-Authenticate", "Bearer");
    return reply;
}

// The lane's queue is full: an orderly "come back in a moment", never a request left to hang.
ApiReply busy(const WorkerPool &lane)
{
    ApiReply reply = ApiReply::error(503, QStringLiteral("busy"),
                                     QStringLiteral("The server is at capacity; try again in a moment."),
                                     {{QStringLiteral("lane"), lane.name()}, {QStringLiteral("retry_after_seconds"), 1}});
    reply.addHeader("Retry-After", "1");
    return reply;
}

// The Date header, formatted once a second per thread (each front answers on its own thread).
QByteArray httpDateNow()
{
    thread_local qint64 formattedSecond = -1;
    thread_local QByteArray formatted;
    const QDateTime now = QDateTime::currentDateTimeUtc();
    const qint64 second = now.toSecsSinceEpoch();
    if (second != formattedSecond) {
        formatted = QLocale::c().toString(now, QStringLiteral("ddd, dd MMM yyyy hh:mm:ss 'GMT'")).toLatin1();
        formattedSecond = second;
    }
    return formatted;
}

// On the front's thread: count, log and write the answer (unless the client has gone).
void answer(WebServices &services, const ApiCall &call, QHttpServerResponder &responder,
            const QPointer<QTcpSocket> &socket, const ApiReply &reply)
{
    const double seconds = double(call.started.nsecsElapsed()) / 1e9;
    services.metrics.countRequest(call.route, call.method, reply.status, seconds);
    // The line is built only when it will be written: at thousands of answers a second its
    // formatting was a visible share of the server thread.
    const bool failed = reply.status >= 500;
    if (failed ? lcWeb().isWarningEnabled() : lcWeb().isInfoEnabled()) {
        const QString line = QStringLiteral("[%1] %2 %3 -> %4 in %5 ms%6")
                                 .arg(call.requestId, call.method, call.path.left(200))
                                 .arg(reply.status)
                                 .arg(seconds * 1000, 0, 'f', 1)
                                 .arg(call.buyer ? QStringLiteral(" buyer %1").arg(call.buyer->id) : QString());
        if (failed)
            qCWarning(lcWeb).noquote() << line << reply.errorDetail;
        else
            qCInfo(lcWeb).noquote() << line;
    }
    if (!socket) {
        qCInfo(lcWeb).noquote() << QStringLiteral("[%1] the client went away before the answer").arg(call.requestId);
        return;
    }
    QHttpServerResponse response(reply.contentType, reply.body,
                                 static_cast<QHttpServerResponder::StatusCode>(reply.status));
    for (const auto &header : reply.headers)
        response.setHeader(header.first, header.second);
    response.setHeader("X-Request-Id", call.requestId.toLatin1());
    // Lets a page correct its countdowns for the difference between its clock and ours.
    response.setHeader("Date", httpDateNow());
    response.write(std::move(responder));
}

} // namespace

WebFront::WebFront(WebServices &services, WebLanes &lanes, const QVector<Route> &routes, int index)
    : m_services(services), m_lanes(lanes), m_index(index), m_mailbox(std::make_shared<AnswerMailbox>(this))
{
    // A child, so moving the front to its thread moves the HTTP server (and the sockets it will own) too.
    m_http.setParent(this);
    for (const Route &route : routes)
        addRoute(route);
    m_http.setMissingHandler([this](const QHttpServerRequest &request, QHttpServerResponder &&responder) {
        dispatch(nullptr, {}, request, std::move(responder));
    });
}

Status WebFront::listen(const QHostAddress &address, quint16 port, bool first)
{
    // Connections the kernel has accepted but no front has taken yet: a rush's burst of new
    // keep-alive connections waits here instead of being refused.
    constexpr int backlog = 4096;
    auto descriptor = openSharedListener(address, port, backlog, first);
    if (!descriptor)
        return descriptor.error();
    auto tcp = std::make_unique<QTcpServer>();
    if (!tcp->setSocketDescriptor(descriptor.value()))
        return makeError(ErrorCode::Unavailable, QStringLiteral("Cannot listen on %1:%2: %3")
                                                     .arg(address.toString())
                                                     .arg(port)
                                                     .arg(tcp->errorString()));
    m_tcp = tcp.release();
    m_http.bind(m_tcp); // the HTTP server takes ownership
    return Done{};
}

WebFront::~WebFront()
{
    m_mailbox->close();
}

void AnswerMailbox::post(std::function<void()> deliver)
{
    const QMutexLocker lock(&m_mutex);
    if (m_front)
        QMetaObject::invokeMethod(m_front, std::move(deliver), Qt::QueuedConnection);
}

void AnswerMailbox::close()
{
    const QMutexLocker lock(&m_mutex);
    m_front = nullptr;
}

quint16 WebFront::port() const
{
    return m_tcp ? m_tcp->serverPort() : 0;
}

QHostAddress WebFront::address() const
{
    return m_tcp ? m_tcp->serverAddress() : QHostAddress();
}

void WebFront::addRoute(const Route &route)
{
    auto shared = std::make_shared<const Route>(route);
    bool added = false;
    switch (route.args) {
    case 0:
        added = m_http.route(route.pattern, [this, shared](const QHttpServerRequest &request,
                                                           QHttpServerResponder &&responder) {
            dispatch(shared, {}, request, std::move(responder));
        });
        break;
    case 1:
        added = m_http.route(route.pattern, [this, shared](QString first, const QHttpServerRequest &request,
                                                           QHttpServerResponder &&responder) {
            dispatch(shared, {first}, request, std::move(responder));
        });
        break;
    case 2:
        added = m_http.route(route.pattern, [this, shared](QString first, QString second,
                                                           const QHttpServerRequest &request,
                                                           QHttpServerResponder &&responder) {
            dispatch(shared, {first, second}, request, std::move(responder));
        });
        break;
    default:
        break;
    }
    if (!added)
        qCCritical(lcWeb) << "could not add route" << route.pattern;
}

void WebFront::dispatch(const std::shared_ptr<const Route> &route, const QStringList &args,
                         const QHttpServerRequest &request, QHttpServerResponder &&responder)
{
    // Copy what the handlers need: Qt's request object stays with its socket on this thread.
    auto call = std::make_shared<ApiCall>();
    call->started.start();
    for (const auto &header : request.headers())
        call->headers.insert(header.first.toLower(), header.second);
    call->requestId = requestIdFor(call->header("x-request-id"));
    call->method = methodName(request.method());
    call->path = request.url().path();
    call->query = request.query();
    call->route = route ? route->name : QStringLiteral("unmatched");
    call->args = args;
    call->clientAddress = resolveClientAddress(request.remoteAddress(), call->header("x-forwarded-for"),
                                               m_services.config.trustedProxies);

    auto shared = std::make_shared<QHttpServerResponder>(std::move(responder));
    const QPointer<QTcpSocket> socket(shared->socket());
    WebServices *services = &m_services;
    const auto reply = [services, call, shared, socket, front = m_index](const ApiReply &answerToSend) {
        services->metrics.countAnswerOnThread(front);
        answer(*services, *call, *shared, socket, answerToSend);
    };

    if (!route) {
        reply(ApiReply::error(404, QStringLiteral("not_found"), QStringLiteral("There is no such resource.")));
        return;
    }
    const QByteArray body = request.body();
    const qint64 declared = call->header("content-length").toLongLong();
    if (body.size() > services->config.maxBodyBytes || declared > services->config.maxBodyBytes) {
        reply(ApiReply::error(413, QStringLiteral("payload_too_large"),
                              QStringLiteral("A request body may be at most %1 bytes.").arg(services->config.maxBodyBytes)));
        return;
    }
    call->body = body;

    const MethodHandler *handler = nullptr;
    QStringList allowed;
    for (const MethodHandler &candidate : route->methods) {
        allowed << candidate.method;
        if (candidate.method == call->method)
            handler = &candidate;
    }
    if (!handler) {
        ApiReply refused = ApiReply::error(405, QStringLiteral("method_not_allowed"),
                                           QStringLiteral("%1 is not allowed here; use %2.")
                                               .arg(call->method, allowed.join(QStringLiteral(", "))));
        refused.addHeader("Allow", allowed.join(QStringLiteral(", ")).toLatin1());
        reply(refused);
        return;
    }

    if (handler->lane == Lane::None) {
        reply(guarded("handler", [&] { return handler->handler(*call, nullptr); }));
        return;
    }

    // A token accepted a moment ago is not looked up again (the cache's price: a revoked token works
    // until its entry expires).
    QString token;
    if (handler->auth) {
        token = bearerToken(call->header("authorization"));
        if (token.isEmpty()) {
            services->limits->failedSignIns.count(addressSubject(call->clientAddress));
            reply(unauthorized());
            return;
        }
        if (auto cached = services->auth.find(token))
            call->buyer = *cached;
    }

    const Handler run = handler->handler;
    const bool auth = handler->auth;
    WebLanes *lanes = &m_lanes;
    WorkerPool &lane = lanes->lane(handler->lane);
    const bool queued = lane.tryStart([mailbox = m_mailbox, call, run, auth, token, reply, services,
                                       lanes](Result<WorkerContext *> context) {
        ApiReply result;
        if (!context) {
            result = ApiReply::fromDomainError(context.error());
        } else {
            WorkerContext *worker = context.value(); // null on the provider lane
            result = guarded("handler", [&]() -> ApiReply {
                // Once an address has spent its budget of failed sign-ins, every signed-in request
                // from it waits for the window to end, a cached token's too: a right guess must
                // look like any other.
                const RateLimiter &failures = services->limits->failedSignIns;
                const QString address = addressSubject(call->clientAddress);
                if (auth) {
                    if (auto spent = failures.refuseIfSpent(address))
                        return *spent;
                }
                if (auth && !call->buyer) {
                    auto buyer = worker ? worker->buyers->authenticate(token)
                                        : lanes->callOnClaim<Buyer>([&token](WorkerContext &claim) {
                                              return claim.buyers->authenticate(token);
                                          });
                    if (!buyer && buyer.error().code == ErrorCode::PermissionDenied)
                        failures.count(address);
                    if (!buyer)
                        return buyer.error().code == ErrorCode::PermissionDenied
                            ? unauthorized()
                            : ApiReply::fromDomainError(buyer.error());
                    services->auth.remember(token, buyer.value());
                    call->buyer = buyer.value();
                }
                return run(*call, worker);
            });
            if (result.connectionLost && worker)
                worker->broken = true;
        }
        // Back to this front's thread to write it; dropped if the front is gone by then.
        mailbox->post([reply, result] { reply(result); });
    });
    if (!queued)
        reply(busy(lane));
}

} // namespace boxoffice::web
