// The shop's accounts: sign-up, the mailed confirmation, sign-in and sign-out, password reset by mail,
// and an API token for scripts. A signed-in browser holds its session in a cookie that scripts cannot
// read (HttpOnly), that is only sent over TLS (Secure) and never with another site's requests
// (SameSite=Strict); changes also need the CSRF token GET /api/v1/account hands the page (webfront.cpp).
// Answers never tell whether an address has an account: sign-up and reset answer 202 alike.

#include "jsonbody.h"
#include "routes.h"
#include "weblanes.h"

#include "domain/buyeraccounts.h"

#include <QJsonObject>

namespace boxoffice::web {

namespace {

QByteArray sessionCookieHeader(const QString &token, qint64 maxAgeSeconds)
{
    return QByteArray(SessionCookieName) + '=' + token.toLatin1()
        + "; Path=/; Max-Age=" + QByteArray::number(maxAgeSeconds) + "; HttpOnly; Secure; SameSite=Strict";
}

QJsonObject accountJson(const AccountIdentity &identity)
{
    return {{QStringLiteral("id"), identity.buyer.id},
            {QStringLiteral("name"), identity.buyer.name},
            {QStringLiteral("email"), identity.email}};
}

ApiReply signedIn(const AccountSession &session)
{
    ApiReply reply = ApiReply::json(200,
                                    {{QStringLiteral("buyer"), accountJson(session.identity)},
                                     {QStringLiteral("csrf"), AccountService::csrfToken(session.token)}});
    const qint64 maxAge = qMax<qint64>(1, QDateTime::currentDateTimeUtc().secsTo(session.expiresAt));
    reply.addHeader("Set-Cookie", sessionCookieHeader(session.token, maxAge));
    reply.addHeader("Cache-Control", "no-store");
    return reply;
}

ApiReply accepted()
{
    return ApiReply::json(202, {{QStringLiteral("status"), QStringLiteral("check_your_mail")}});
}

// A string field the route requires: present, a string, at most `longest` characters.
Result<QString> textField(const QJsonObject &body, const QString &field, int longest)
{
    const QJsonValue value = body.value(field);
    if (!value.isString() || value.toString().isEmpty() || value.toString().size() > longest)
        return makeError(ErrorCode::BadInput,
                         QStringLiteral("\"%1\" must be a string of 1 to %2 characters.").arg(field).arg(longest));
    return value.toString();
}

// What costs a password hash, or mails someone, counts against the address's budget of failed
// sign-ins: a script cannot use the forms to burn the server's memory or flood mailboxes.
std::optional<ApiReply> spentBudget(const WebServices &services, const ApiCall &call, bool countThisOne)
{
    const RateLimiter &budget = services.limits->failedSignIns;
    const QString address = addressSubject(call.clientAddress);
    if (auto spent = budget.refuseIfSpent(address))
        return spent;
    if (countThisOne)
        budget.count(address);
    return std::nullopt;
}

ApiReply linkAnswer(WebServices &services, const ApiCall &call, const Result<AccountSession> &opened)
{
    if (opened)
        return signedIn(opened.value());
    if (opened.error().reason == QLatin1String("account.link-invalid")) {
        services.limits->failedSignIns.count(addressSubject(call.clientAddress));
        return ApiReply::error(400, QStringLiteral("token_invalid"), opened.error().message);
    }
    return ApiReply::fromDomainError(opened.error());
}

// A form of another site can post text/plain to us without asking, never application/json: requiring
// it keeps such a page from signing a visitor in to an account of its choosing ("login CSRF"), where
// there is no session yet whose CSRF token could be asked for.
bool sentAsJson(const ApiCall &call)
{
    const QByteArray type = call.header("content-type").trimmed().toLower();
    return type == "application/json" || type.startsWith("application/json;");
}

MethodHandler post(Lane lane, Handler handler, bool auth = false)
{
    if (!auth) {
        handler = [inner = std::move(handler)](const ApiCall &call, WorkerContext *context) -> ApiReply {
            if (!sentAsJson(call))
                return ApiReply::error(415, QStringLiteral("unsupported_media_type"),
                                       QStringLiteral("Send the form as JSON (Content-Type: application/json)."));
            return inner(call, context);
        };
    }
    MethodHandler method{QStringLiteral("POST"), std::move(handler)};
    method.lane = lane;
    method.auth = auth;
    return method;
}

} // namespace

QVector<Route> accountRoutes(WebServices &services)
{
    WebServices *s = &services;

    Route account{QStringLiteral("/api/v1/account"), QStringLiteral("/api/v1/account"), 0, {}};
    MethodHandler who{QStringLiteral("GET"), [s](const ApiCall &call, WorkerContext *) -> ApiReply {
                          QJsonObject answer;
                          if (!call.sessionToken.isEmpty()) {
                              auto identity = s->accounts->session(call.sessionToken);
                              if (!identity)
                                  return ApiReply::fromDomainError(identity.error());
                              answer.insert(QStringLiteral("buyer"), accountJson(identity.value()));
                              answer.insert(QStringLiteral("csrf"), AccountService::csrfToken(call.sessionToken));
                          } else {
                              answer.insert(QStringLiteral("buyer"),
                                            QJsonObject{{QStringLiteral("id"), call.buyerId()},
                                                        {QStringLiteral("name"), call.buyer->name}});
                          }
                          ApiReply reply = ApiReply::json(200, answer);
                          reply.addHeader("Cache-Control", "no-store");
                          return reply;
                      }};
    who.auth = true;
    who.lane = Lane::Read;
    account.methods.append(who);

    Route signUp{QStringLiteral("/api/v1/account/signup"), QStringLiteral("/api/v1/account/signup"), 0, {}};
    signUp.methods.append(post(Lane::Provider, [s](const ApiCall &call, WorkerContext *) -> ApiReply {
        auto body = parseObject(call.body,
                                {QStringLiteral("name"), QStringLiteral("email"), QStringLiteral("password")}, false);
        if (!body)
            return ApiReply::fromDomainError(body.error());
        auto name = textField(body.value(), QStringLiteral("name"), 200);
        auto email = textField(body.value(), QStringLiteral("email"), 254);
        auto password = textField(body.value(), QStringLiteral("password"), AccountService::MaximumPasswordLength);
        for (const auto *field : {&name, &email, &password}) {
            if (!*field)
                return ApiReply::fromDomainError(field->error());
        }
        if (auto spent = spentBudget(*s, call, true))
            return *spent;
        const Status done = s->accounts->signUp(name.value(), email.value(), password.value());
        return done ? accepted() : ApiReply::fromDomainError(done.error());
    }));

    Route confirm{QStringLiteral("/api/v1/account/confirm"), QStringLiteral("/api/v1/account/confirm"), 0, {}};
    confirm.methods.append(post(Lane::Claim, [s](const ApiCall &call, WorkerContext *) -> ApiReply {
        auto body = parseObject(call.body, {QStringLiteral("token")}, false);
        if (!body)
            return ApiReply::fromDomainError(body.error());
        auto token = textField(body.value(), QStringLiteral("token"), 100);
        if (!token)
            return ApiReply::fromDomainError(token.error());
        if (auto spent = spentBudget(*s, call, false))
            return *spent;
        return linkAnswer(*s, call, s->accounts->confirm(token.value()));
    }));

    Route signIn{QStringLiteral("/api/v1/account/signin"), QStringLiteral("/api/v1/account/signin"), 0, {}};
    signIn.methods.append(post(Lane::Provider, [s](const ApiCall &call, WorkerContext *) -> ApiReply {
        auto body = parseObject(call.body, {QStringLiteral("email"), QStringLiteral("password")}, false);
        if (!body)
            return ApiReply::fromDomainError(body.error());
        auto email = textField(body.value(), QStringLiteral("email"), 254);
        auto password = textField(body.value(), QStringLiteral("password"), AccountService::MaximumPasswordLength);
        for (const auto *field : {&email, &password}) {
            if (!*field)
                return ApiReply::fromDomainError(field->error());
        }
        if (auto spent = spentBudget(*s, call, false))
            return *spent;
        auto session = s->accounts->signIn(email.value(), password.value());
        if (session)
            return signedIn(session.value());
        if (session.error().code == ErrorCode::PermissionDenied) {
            s->limits->failedSignIns.count(addressSubject(call.clientAddress));
            return ApiReply::error(401, QStringLiteral("unauthorized"), session.error().message);
        }
        if (session.error().reason == QLatin1String("account.unconfirmed"))
            return ApiReply::error(403, QStringLiteral("unconfirmed"), session.error().message);
        return ApiReply::fromDomainError(session.error());
    }));

    Route signOut{QStringLiteral("/api/v1/account/signout"), QStringLiteral("/api/v1/account/signout"), 0, {}};
    signOut.methods.append(post(
        Lane::Claim,
        [s](const ApiCall &call, WorkerContext *) -> ApiReply {
            if (call.sessionToken.isEmpty())
                return ApiReply::error(400, QStringLiteral("bad_input"),
                                       QStringLiteral("Sign-out ends a browser's session; a bearer token has none."));
            const Status ended = s->accounts->signOut(call.sessionToken);
            if (!ended)
                return ApiReply::fromDomainError(ended.error());
            s->auth.forget(authCacheKey({}, call.sessionToken));
            ApiReply reply;
            reply.status = 204;
            reply.addHeader("Set-Cookie", sessionCookieHeader(QString(), 0));
            return reply;
        },
        true));

    Route reset{QStringLiteral("/api/v1/account/reset"), QStringLiteral("/api/v1/account/reset"), 0, {}};
    reset.methods.append(post(Lane::Claim, [s](const ApiCall &call, WorkerContext *) -> ApiReply {
        auto body = parseObject(call.body, {QStringLiteral("email")}, false);
        if (!body)
            return ApiReply::fromDomainError(body.error());
        auto email = textField(body.value(), QStringLiteral("email"), 254);
        if (!email)
            return ApiReply::fromDomainError(email.error());
        if (auto spent = spentBudget(*s, call, true))
            return *spent;
        const Status done = s->accounts->requestReset(email.value());
        return done ? accepted() : ApiReply::fromDomainError(done.error());
    }));

    Route resetConfirm{
        QStringLiteral("/api/v1/account/reset/confirm"), QStringLiteral("/api/v1/account/reset/confirm"), 0, {}};
    resetConfirm.methods.append(post(Lane::Provider, [s](const ApiCall &call, WorkerContext *) -> ApiReply {
        auto body = parseObject(call.body, {QStringLiteral("token"), QStringLiteral("password")}, false);
        if (!body)
            return ApiReply::fromDomainError(body.error());
        auto token = textField(body.value(), QStringLiteral("token"), 100);
        auto password = textField(body.value(), QStringLiteral("password"), AccountService::MaximumPasswordLength);
        for (const auto *field : {&token, &password}) {
            if (!*field)
                return ApiReply::fromDomainError(field->error());
        }
        if (auto spent = spentBudget(*s, call, false))
            return *spent;
        return linkAnswer(*s, call, s->accounts->resetPassword(token.value(), password.value()));
    }));

    Route apiToken{QStringLiteral("/api/v1/account/token"), QStringLiteral("/api/v1/account/token"), 0, {}};
    apiToken.methods.append(post(
        Lane::Claim,
        [s](const ApiCall &call, WorkerContext *) -> ApiReply {
            auto body = parseObject(call.body, {}, true);
            if (!body)
                return ApiReply::fromDomainError(body.error());
            auto token = s->accounts->newApiToken(call.buyerId());
            if (!token)
                return ApiReply::fromDomainError(token.error());
            ApiReply reply = ApiReply::json(201, {{QStringLiteral("token"), token.value()}});
            reply.addHeader("Cache-Control", "no-store");
            return reply;
        },
        true));

    // More specific first: "/reset/confirm" before "/reset".
    return {account, signUp, confirm, signIn, signOut, resetConfirm, reset, apiToken};
}

} // namespace boxoffice::web
