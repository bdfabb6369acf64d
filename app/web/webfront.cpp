#include "webfront.h"

#include "sharedlistener.h"
#include "weblanes.h"
#include "weblogging.h"
#include "webservices.h"
#include "workerpool.h"

#include <QLocale>

#include <exception>

namespace boxoffice::web {

namespace {

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
    ApiReply reply = ApiReply::error(
        401, QStringLiteral("unauthorized"),
        QStringLiteral("Sign in: with the shop's sign-in page, or send \"Authorization: Bearer <your buyer token>\"."));
    reply.addHeader("WWW-Authenticate", "Bearer");
    return reply;
}

// Compared in a time that does not depend on where they differ.
bool sameSecret(const QByteArray &given, const QByteArray &expected)
{
    if (given.size() != expected.size())
        return false;
    unsigned char difference = 0;
    for (int index = 0; index < given.size(); ++index)
        difference |= static_cast<unsigned char>(given[index] ^ expected[index]);
    return difference == 0;
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

// Every answer: its declared type is the only one (no sniffing a JSON error into a page), and no
// address of ours leaks to another site. A page besides: only our own scripts, styles and API (the
// pages have no inline code), never inside another site's frame.
void addSecurityHeaders(http::HttpResponse &response, const QByteArray &providerOrigin)
{
    response.addHeader("X-Content-Type-Options", "nosniff");
    response.addHeader("Referrer-Policy", "no-referrer");
    if (response.contentType.startsWith("text/html")) {
        // The page may also talk to the payment provider, which turns the buyer's card into a payment
        // method without the number passing through us.
        const QByteArray connect = providerOrigin.isEmpty() ? QByteArray("'self'") : "'self' " + providerOrigin;
        response.addHeader("Content-Security-Policy",
                           "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                           "connect-src "
                               + connect + "; frame-ancestors 'none'; base-uri 'none'; form-action 'self'");
        response.addHeader("X-Frame-Options", "DENY");
    }
}

// Counts, logs and sends the answer; from any thread (the connection writes answers in order).
void answer(WebServices &services, const ApiCall &call, const http::HttpResponder &responder, const ApiReply &reply)
{
    const double seconds = double(call.started.nsecsElapsed()) / 1e9;
    services.metrics.countRequest(call.route, call.method, reply.status, seconds);
    // The line is built only when it will be written: at thousands of answers a second its
    // formatting was a visible share of the server thread.
    const bool failed = reply.status >= 500;
    if (failed ? lcWeb().isWarningEnabled() : lcWeb().isInfoEnabled()) {
        // One pass: a chained arg() would read a "%0A" in the path as a place for the next value.
        const QString line = QStringLiteral("[%1] %2 %3 -> %4 in %5 ms%6")
                                 .arg(call.requestId, call.method, call.path.left(200), QString::number(reply.status),
                                      QString::number(seconds * 1000, 'f', 1),
                                      call.buyer ? QStringLiteral(" buyer %1").arg(call.buyer->id) : QString());
        if (failed)
            qCWarning(lcWeb).noquote() << line << loggable(reply.errorDetail);
        else
            qCInfo(lcWeb).noquote() << line;
    }
    if (!responder.isConnectionOpen()) {
        qCInfo(lcWeb).noquote() << QStringLiteral("[%1] the client went away before the answer").arg(call.requestId);
        return;
    }
    http::HttpResponse response(reply.status, reply.body, reply.contentType);
    for (const auto &header : reply.headers)
        response.addHeader(header.first, header.second);
    addSecurityHeaders(response, services.browserProviderOrigin);
    response.addHeader("X-Request-Id", call.requestId.toLatin1());
    // Lets a page correct its countdowns for the difference between its clock and ours.
    response.addHeader("Date", httpDateNow());
    responder.respond(std::move(response));
}

// A route's template as a pattern: "<arg>" is one non-empty path segment, the rest literal.
QRegularExpression routePattern(const QString &pattern)
{
    const QStringList literals = pattern.split(QStringLiteral("<arg>"));
    QStringList escaped;
    for (const QString &literal : literals)
        escaped << QRegularExpression::escape(literal);
    return QRegularExpression(QLatin1Char('^') + escaped.join(QStringLiteral("([^/]+)")) + QLatin1Char('$'));
}

// The parser's limits are the channel's: a body past the server's limit is refused (413) before it is read.
http::HttpConfig httpConfigFor(const WebServices &services)
{
    http::HttpConfig config;
    config.limits.maxBodyBytes = services.config.maxBodyBytes;
    return config;
}

} // namespace

WebFront::WebFront(WebServices &services, WebLanes &lanes, const QVector<Route> &routes, int index)
    : m_services(services), m_lanes(lanes), m_index(index),
      m_listener(new http::HttpListener(
          httpConfigFor(services),
          [this](const http::HttpRequest &request, const http::HttpResponder &responder) {
              onRequest(request, responder);
          },
          this))
{
    for (const Route &route : routes)
        m_routes.push_back({std::make_shared<const Route>(route), routePattern(route.pattern)});
}

Status WebFront::listen(const QHostAddress &address, quint16 port, bool first)
{
    // Connections the kernel has accepted but no front has taken yet: a rush's burst of new
    // keep-alive connections waits here instead of being refused.
    constexpr int backlog = 4096;
    auto descriptor = openSharedListener(address, port, backlog, first);
    if (!descriptor)
        return descriptor.error();
    if (!m_listener->setSocketDescriptor(descriptor.value()))
        return makeError(ErrorCode::Unavailable,
                         QStringLiteral("Cannot listen on %1:%2: %3")
                             .arg(address.toString())
                             .arg(port)
                             .arg(m_listener->errorString()));
    return Done{};
}

quint16 WebFront::port() const
{
    return m_listener->serverPort();
}

QHostAddress WebFront::address() const
{
    return m_listener->serverAddress();
}

void WebFront::onRequest(const http::HttpRequest &request, const http::HttpResponder &responder)
{
    for (const CompiledRoute &compiled : m_routes) {
        const QRegularExpressionMatch match = compiled.pattern.match(request.path);
        if (match.hasMatch()) {
            QStringList args = match.capturedTexts();
            args.removeFirst();
            dispatch(compiled.route, args, request, responder);
            return;
        }
    }
    dispatch(nullptr, {}, request, responder);
}

void WebFront::dispatch(const std::shared_ptr<const Route> &route, const QStringList &args,
                        const http::HttpRequest &request, const http::HttpResponder &responder)
{
    auto call = std::make_shared<ApiCall>();
    call->started.start();
    for (const auto &header : request.headers)
        call->headers.insert(header.first, header.second);
    call->requestId = requestIdFor(call->header("x-request-id"));
    call->method = QString::fromLatin1(request.method);
    // As sent, percent-encoded: what the log shows cannot break its line.
    const qsizetype query = request.target.indexOf('?');
    call->path = QString::fromLatin1(query < 0 ? request.target : request.target.left(query));
    call->query = request.query;
    call->route = route ? route->name : QStringLiteral("unmatched");
    call->args = args;
    call->clientAddress
        = resolveClientAddress(request.peerAddress, call->header("x-forwarded-for"), m_services.config.trustedProxies);
    call->body = request.body;

    WebServices *services = &m_services;
    call->send = [services, responder, front = m_index](const ApiCall &answered, const ApiReply &answerToSend) {
        services->metrics.countAnswerOnThread(front);
        answer(*services, answered, responder, answerToSend);
    };
    const auto reply = [call](const ApiReply &answerToSend) { call->answerLater(answerToSend); };

    if (!route) {
        reply(ApiReply::error(404, QStringLiteral("not_found"), QStringLiteral("There is no such resource.")));
        return;
    }
    const MethodHandler *handler = nullptr;
    QStringList allowed;
    const QString wanted = call->method == QLatin1String("HEAD") ? QStringLiteral("GET") : call->method;
    for (const MethodHandler &candidate : route->methods) {
        allowed << candidate.method;
        if (candidate.method == QLatin1String("GET"))
            allowed << QStringLiteral("HEAD");
        if (candidate.method == wanted)
            handler = &candidate;
    }
    if (!handler) {
        ApiReply refused = ApiReply::error(
            405, QStringLiteral("method_not_allowed"),
            QStringLiteral("%1 is not allowed here; use %2.").arg(call->method, allowed.join(QStringLiteral(", "))));
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
        // A browser signed in to the shop carries its session in a cookie instead. A page of another
        // site can make the browser send the cookie, never read it: a change needs the CSRF token
        // derived from it, which only our own page can know.
        if (token.isEmpty()) {
            call->sessionToken = sessionCookie(call->header("cookie"));
            if (!call->sessionToken.isEmpty() && isUnsafeMethod(call->method)
                && !sameSecret(call->header("x-csrf-token"),
                               AccountService::csrfToken(call->sessionToken).toLatin1())) {
                reply(ApiReply::error(
                    403, QStringLiteral("csrf"),
                    QStringLiteral("This change needs the page's X-CSRF-Token header: reload the page.")));
                return;
            }
        }
        if (token.isEmpty() && call->sessionToken.isEmpty()) {
            services->limits->failedSignIns.count(addressSubject(call->clientAddress));
            reply(unauthorized());
            return;
        }
        if (auto cached = services->auth.find(authCacheKey(token, call->sessionToken)))
            call->buyer = *cached;
    }

    const Handler run = handler->handler;
    const bool auth = handler->auth;
    WebLanes *lanes = &m_lanes;
    WorkerPool *lane = &lanes->lane(handler->lane);
    const bool queued
        = lane->tryStart([call, run, auth, token, reply, services, lanes, lane](Result<WorkerContext *> context) {
              ApiReply result;
              if (!context) {
                  result = ApiReply::fromDomainError(context.error());
              } else {
                  WorkerContext *worker = context.value(); // null on the provider lane
                  const auto serve = [&]() -> ApiReply {
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
                          Result<Buyer> buyer = makeError(ErrorCode::PermissionDenied, QString());
                          if (!call->sessionToken.isEmpty()) {
                              auto account = services->accounts->session(call->sessionToken);
                              buyer = account ? Result<Buyer>(account->buyer) : Result<Buyer>(account.error());
                          } else {
                              buyer = worker ? worker->buyers->authenticate(token)
                                             : lanes->callOnClaim<Buyer>([&token](WorkerContext &claim) {
                                                   return claim.buyers->authenticate(token);
                                               });
                          }
                          if (!buyer && buyer.error().code == ErrorCode::PermissionDenied)
                              failures.count(address);
                          if (!buyer)
                              return buyer.error().code == ErrorCode::PermissionDenied
                                  ? unauthorized()
                                  : ApiReply::fromDomainError(buyer.error());
                          services->auth.remember(authCacheKey(token, call->sessionToken), buyer.value());
                          call->buyer = buyer.value();
                      }
                      return run(*call, worker);
                  };
                  result = guarded("handler", serve);
                  if (result.connectionLost && worker) {
                      worker->broken = true;
                      // A browse read changes nothing, so one whose connection failed is asked again on a
                      // fresh one (the main database's when the browse server is what went away): the
                      // buyer sees the map, not a 503.
                      auto fresh = lane == &lanes->browse() ? lane->reopen() : Result<WorkerContext *>(nullptr);
                      if (fresh && fresh.value()) {
                          worker = fresh.value();
                          result = guarded("handler", serve);
                          if (result.connectionLost)
                              worker->broken = true;
                      }
                  }
              }
              // Answered from this lane's thread: the connection takes it to its own thread, in order,
              // and drops it if the client is gone by then.
              if (!result.later)
                  reply(result);
          });
    if (!queued)
        reply(busyAnswer(lane->name()));
}

} // namespace boxoffice::web
