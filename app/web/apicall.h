#pragma once

#include "domain/buyers.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QHash>
#include <QString>
#include <QStringList>
#include <QUrlQuery>

#include <functional>
#include <memory>
#include <optional>

namespace boxoffice::web {

// One request as the handlers see it: copied out of Qt's request object on the server thread, so it
// can travel to a worker thread (Qt's object lives with the socket).
struct ApiReply;

struct ApiCall : std::enable_shared_from_this<ApiCall>
{
    QString requestId;
    QString method; // "GET", "POST", ...
    QString path; // as sent, percent-encoded: a %0A in it cannot break a log line
    QString route; // the route's template, e.g. "/api/v1/carts/{id}/holds": the metrics label
    QStringList args; // the path's placeholders, in order
    QUrlQuery query;
    QByteArray body;
    QHash<QByteArray, QByteArray> headers; // names lower-cased
    QElapsedTimer started;
    std::optional<Buyer> buyer; // set once the bearer token or the session cookie was accepted
    QString sessionToken; // the cookie's token when the buyer signed in by session, else empty
    QString clientAddress; // the peer, or X-Forwarded-For's left-most from a trusted proxy (ratelimit.h)
    // How the server sends this call's answer (set by the server; it keeps no hold on the call).
    std::function<void(const ApiCall &, const ApiReply &)> send;

    // Answers the request, once, from any thread: for a handler that returned
    // ApiReply::answeredLater(), which keeps the call alive (shared_from_this) until then.
    void answerLater(const ApiReply &reply) const
    {
        if (send)
            send(*this, reply);
    }

    QByteArray header(const QByteArray &lowerCaseName) const { return headers.value(lowerCaseName); }
    BuyerId buyerId() const { return buyer ? buyer->id : 0; }
};

// The client's X-Request-Id when it is sane (1-64 of [A-Za-z0-9._:-]), else a new random one.
QString requestIdFor(const QByteArray &clientValue);
// The token of "Authorization: Bearer <token>", or empty.
QString bearerToken(const QByteArray &authorization);

// The shop's sign-in cookie (HttpOnly, Secure, SameSite=Strict; see accountroutes.cpp).
inline constexpr char SessionCookieName[] = "boxoffice_session";
// The session token of a Cookie header, or empty.
QString sessionCookie(const QByteArray &cookieHeader);
// Bearer tokens and session tokens live in different tables: their AuthCache entries are kept apart.
inline QString authCacheKey(const QString &bearer, const QString &session)
{
    return bearer.isEmpty() ? QStringLiteral("session:") + session : bearer;
}
// A method that changes something: with a session cookie it needs the CSRF token too.
bool isUnsafeMethod(const QString &method);

} // namespace boxoffice::web
