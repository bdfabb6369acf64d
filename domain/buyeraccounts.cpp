#include "domain/buyeraccounts.h"

#include "domain/accountmail.h"
#include "domain/maildelivery.h"
#include "domain/textrules.h"

#include <QCryptographicHash>
#include <QMessageAuthenticationCode>
#include <QRandomGenerator>
#include <QRegularExpression>

#include <optional>

namespace boxoffice {

namespace {

DomainError signInRefused()
{
    return makeError(ErrorCode::PermissionDenied, QStringLiteral("That address and password do not match an account."));
}

DomainError linkRefused()
{
    return withReason(makeError(ErrorCode::NotFound,
                                QStringLiteral("This link is not valid any more: it was used already or it expired. "
                                               "Ask for a new one.")),
                      "account.link-invalid");
}

Status checkEmail(const QString &email)
{
    if (email.size() > 254 || !MailDelivery::isAddress(email))
        return makeError(ErrorCode::BadInput, QStringLiteral("Give an e-mail address like name@example.org."));
    return Done{};
}

Status checkName(const QString &name)
{
    if (name.trimmed().isEmpty() || name.size() > 200 || hasUnshowableCharacters(name))
        return makeError(ErrorCode::BadInput,
                         QStringLiteral("Give your name: 1 to 200 characters, letters and punctuation."));
    return Done{};
}

} // namespace

AccountService::AccountService(AccountStoreRunner runner, PasswordHasher &hasher, AccountSettings settings)
    : m_runner(std::move(runner)), m_hasher(hasher), m_settings(std::move(settings))
{
    auto decoy = m_hasher.hash(newToken());
    if (decoy)
        m_decoyHash = decoy.value();
}

QByteArray AccountService::tokenHash(const QString &token)
{
    return QCryptographicHash::hash(token.toLatin1(), QCryptographicHash::Sha256);
}

QString AccountService::newToken()
{
    // 256 bits from the system's generator: unguessable, so a plain SHA-256 of it is enough to store.
    QByteArray bytes(32, Qt::Uninitialized);
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(bytes.data()), bytes.size() / 4);
    return QString::fromLatin1(bytes.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

bool AccountService::isTokenShaped(const QString &token)
{
    static const QRegularExpression shape(QStringLiteral("^[A-Za-z0-9_-]{43}$"));
    return shape.match(token).hasMatch();
}

QString AccountService::csrfToken(const QString &sessionToken)
{
    const QByteArray mac
        = QMessageAuthenticationCode::hash("boxoffice csrf", sessionToken.toLatin1(), QCryptographicHash::Sha256);
    return QString::fromLatin1(mac.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

Status AccountService::checkPassword(const QString &password)
{
    if (password.size() < MinimumPasswordLength)
        return makeError(ErrorCode::BadInput,
                         QStringLiteral("Choose a password of at least %1 characters.").arg(MinimumPasswordLength));
    if (password.size() > MaximumPasswordLength)
        return makeError(ErrorCode::BadInput,
                         QStringLiteral("A password is at most %1 characters.").arg(MaximumPasswordLength));
    if (password.contains(QChar(0)))
        return makeError(ErrorCode::BadInput, QStringLiteral("A password cannot contain a NUL character."));
    return Done{};
}

Result<AccountSession> AccountService::openSession(AccountStore &store, const AccountIdentity &identity)
{
    AccountSession session{identity, newToken(), {}};
    const Status added = store.addSession(identity.buyer.id, tokenHash(session.token), m_settings.sessionSeconds);
    if (!added)
        return added.error();
    session.expiresAt = QDateTime::currentDateTimeUtc().addSecs(m_settings.sessionSeconds);
    return session;
}

Status AccountService::queueLinkMail(AccountStore &store, const AccountIdentity &identity, AccountMail purpose)
{
    QString token;
    int lifetime = 0;
    if (purpose != AccountMail::AccountExists) {
        token = newToken();
        lifetime = purpose == AccountMail::Confirm ? m_settings.confirmLinkSeconds : m_settings.resetLinkSeconds;
        const Status added = store.addLinkToken(identity.buyer.id, purpose, tokenHash(token), lifetime);
        if (!added)
            return added;
    }
    const AccountMailText text = accountMailText(purpose, identity, m_settings, token, lifetime);
    return store.queueMail(identity.buyer.id, purpose, identity.email, text.subject, text.body,
                           m_settings.mailsPerHour);
}

Status AccountService::signUp(const QString &name, const QString &email, const QString &password)
{
    for (const Status &check : {checkName(name), checkEmail(email), checkPassword(password)}) {
        if (!check)
            return check;
    }
    auto hashed = m_hasher.hash(password);
    if (!hashed)
        return hashed.error();
    const QString cleanName = name.trimmed();
    const Status ran = m_runner([&](AccountStore &store, UnitOfWork &unit) -> Status {
        return unit.run(QStringLiteral("signing up"), [&]() -> Status {
            auto added = store.addAccount(cleanName, email, hashed.value());
            if (added)
                return queueLinkMail(store, AccountIdentity{Buyer{added.value(), cleanName}, email, false},
                                     AccountMail::Confirm);
            if (added.error().code != ErrorCode::Conflict)
                return added.error();
            auto existing = store.credentials(email);
            if (!existing)
                return existing.error();
            return queueLinkMail(store, existing->identity, AccountMail::AccountExists);
        });
    });
    // A flood of sign-ups for one address stops its mails, not the answer: the answer must not differ.
    if (!ran && ran.error().code == ErrorCode::LimitReached)
        return Done{};
    return ran;
}

Result<AccountSession> AccountService::followLink(AccountMail purpose, const QString &linkToken, const QString &context,
                                                  const std::function<Status(AccountStore &, BuyerId)> &act)
{
    if (!isTokenShaped(linkToken))
        return linkRefused();
    // Spending the link, what it is for and the new session commit together, or none of them does.
    std::optional<Result<AccountSession>> opened;
    const Status ran = m_runner([&](AccountStore &store, UnitOfWork &unit) -> Status {
        opened.emplace(unit.run(context, [&]() -> Result<AccountSession> {
            auto buyer = store.useLinkToken(purpose, tokenHash(linkToken));
            if (!buyer)
                return buyer.error().code == ErrorCode::NotFound ? linkRefused() : buyer.error();
            if (const Status done = act(store, buyer.value()); !done)
                return done.error();
            auto identity = store.account(buyer.value());
            if (!identity)
                return identity.error();
            return openSession(store, identity.value());
        }));
        return Done{};
    });
    if (!ran)
        return ran.error();
    return std::move(*opened);
}

Result<AccountSession> AccountService::confirm(const QString &linkToken)
{
    return followLink(AccountMail::Confirm, linkToken, QStringLiteral("confirming an address"),
                      [](AccountStore &store, BuyerId buyer) { return store.confirmEmail(buyer); });
}

Result<AccountSession> AccountService::signIn(const QString &email, const QString &password)
{
    if (!checkEmail(email) || password.isEmpty() || password.size() > MaximumPasswordLength) {
        m_hasher.verify(m_decoyHash, password.left(MaximumPasswordLength));
        return signInRefused();
    }
    std::optional<Result<AccountCredentials>> found;
    Status ran = m_runner([&](AccountStore &store, UnitOfWork &) -> Status {
        found.emplace(store.credentials(email));
        return Done{};
    });
    if (!ran)
        return ran.error();
    if (!found->ok() && found->error().code != ErrorCode::NotFound)
        return found->error();
    // An unknown address costs the same hashing as a known one: the time does not tell them apart.
    const bool known = found->ok();
    const bool matches = m_hasher.verify(known ? found->value().passwordHash : m_decoyHash, password) && known;
    if (!matches)
        return signInRefused();
    const AccountIdentity identity = found->value().identity;
    if (!identity.confirmed)
        return withReason(
            makeError(ErrorCode::Conflict,
                      QStringLiteral("Confirm your address first: open the link in the mail we sent you.")),
            "account.unconfirmed");
    std::optional<Result<AccountSession>> opened;
    ran = m_runner([&](AccountStore &store, UnitOfWork &) -> Status {
        opened.emplace(openSession(store, identity));
        return Done{};
    });
    if (!ran)
        return ran.error();
    return std::move(*opened);
}

Status AccountService::requestReset(const QString &email)
{
    if (!checkEmail(email))
        return checkEmail(email);
    const Status ran = m_runner([&](AccountStore &store, UnitOfWork &unit) -> Status {
        return unit.run(QStringLiteral("sending a password reset"), [&]() -> Status {
            auto found = store.credentials(email);
            if (!found)
                return found.error().code == ErrorCode::NotFound ? Status(Done{}) : Status(found.error());
            return queueLinkMail(store, found->identity, AccountMail::Reset);
        });
    });
    if (!ran && ran.error().code == ErrorCode::LimitReached)
        return Done{};
    return ran;
}

Result<AccountSession> AccountService::resetPassword(const QString &linkToken, const QString &newPassword)
{
    const Status acceptable = checkPassword(newPassword);
    if (!acceptable)
        return acceptable.error();
    if (!isTokenShaped(linkToken))
        return linkRefused();
    // Hashed before the link is spent: a hashing failure leaves the link usable.
    auto hashed = m_hasher.hash(newPassword);
    if (!hashed)
        return hashed.error();
    return followLink(
        AccountMail::Reset, linkToken, QStringLiteral("setting a new password"),
        [&hashed](AccountStore &store, BuyerId buyer) { return store.setPassword(buyer, hashed.value()); });
}

Result<AccountIdentity> AccountService::session(const QString &sessionToken)
{
    const auto refused
        = [] { return makeError(ErrorCode::PermissionDenied, QStringLiteral("Sign in again: your session ended.")); };
    if (!isTokenShaped(sessionToken))
        return refused();
    std::optional<Result<AccountIdentity>> found;
    const Status ran = m_runner([&](AccountStore &store, UnitOfWork &) -> Status {
        found.emplace(store.sessionAccount(tokenHash(sessionToken)));
        return Done{};
    });
    if (!ran)
        return ran.error();
    if (!found->ok() && found->error().code == ErrorCode::NotFound)
        return refused();
    return std::move(*found);
}

Status AccountService::signOut(const QString &sessionToken)
{
    if (!isTokenShaped(sessionToken))
        return Done{};
    return m_runner([&](AccountStore &store, UnitOfWork &) { return store.endSession(tokenHash(sessionToken)); });
}

Result<QString> AccountService::newApiToken(BuyerId buyer)
{
    const QString token = newToken();
    const Status set
        = m_runner([&](AccountStore &store, UnitOfWork &) { return store.setApiTokenHash(buyer, tokenHash(token)); });
    if (!set)
        return set.error();
    return token;
}

} // namespace boxoffice
