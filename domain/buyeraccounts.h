#pragma once

#include "domain/buyers.h"
#include "domain/result.h"
#include "domain/unitofwork.h"

#include <QByteArray>
#include <QDateTime>
#include <QString>

#include <functional>

namespace boxoffice {

// A web shop account as it signs in: a buyer with a confirmed (or not yet confirmed) address.
struct AccountIdentity
{
    Buyer buyer;
    QString email;
    bool confirmed = false;
};

// What a sign-in compares: the stored Argon2id string, empty for an operator-made buyer (no password).
struct AccountCredentials
{
    AccountIdentity identity;
    QString passwordHash;
};

// A signed-in browser: the token goes into the cookie and is never stored (only its SHA-256).
struct AccountSession
{
    AccountIdentity identity;
    QString token;
    QDateTime expiresAt;
};

enum class AccountMail { Confirm, Reset, AccountExists };

// Hashing with a memory-hard function is slow on purpose (about 0.1 s and 64 MiB): the service calls
// it with no transaction open. Implemented with libsodium (accounts/sodiumpasswords.h).
class PasswordHasher
{
public:
    virtual ~PasswordHasher() = default;
    virtual Result<QString> hash(const QString &password) = 0;
    virtual bool verify(const QString &stored, const QString &password) = 0;
};

// The accounts' rows. Every method is one statement; the service groups them in a unit of work.
class AccountStore
{
public:
    virtual ~AccountStore() = default;

    // A new unconfirmed account; Conflict when an account has this address already (case-insensitive),
    // decided by the database's unique index, so two parallel sign-ups make one account.
    virtual Result<BuyerId> addAccount(const QString &name, const QString &email, const QString &passwordHash) = 0;
    // NotFound when no account (a buyer with a password) has this address.
    virtual Result<AccountCredentials> credentials(const QString &email) = 0;
    virtual Result<AccountIdentity> account(BuyerId buyer) = 0;
    virtual Status addLinkToken(BuyerId buyer, AccountMail purpose, const QByteArray &tokenHash, int lifetimeSeconds)
        = 0;
    // Marks the link used and answers its buyer, in one statement: a link works once, and only before it
    // expires (the database's clock). NotFound otherwise.
    virtual Result<BuyerId> useLinkToken(AccountMail purpose, const QByteArray &tokenHash) = 0;
    virtual Status confirmEmail(BuyerId buyer) = 0;
    // Also confirms the address (the reset link was read in that mailbox) and ends every session.
    virtual Status setPassword(BuyerId buyer, const QString &passwordHash) = 0;
    virtual Status addSession(BuyerId buyer, const QByteArray &tokenHash, int lifetimeSeconds) = 0;
    // NotFound for an unknown or expired session.
    virtual Result<AccountIdentity> sessionAccount(const QByteArray &tokenHash) = 0;
    virtual Status endSession(const QByteArray &tokenHash) = 0;
    // Queues a mail for the worker to send. At most `perHour` account mails to one buyer in an hour:
    // LimitReached past that, so nobody can flood an address through the sign-up form.
    virtual Status queueMail(BuyerId buyer, AccountMail purpose, const QString &recipient, const QString &subject,
                             const QString &body, int perHour)
        = 0;
    // A new API token for scripts replaces the buyer's old one (only its hash is stored).
    virtual Status setApiTokenHash(BuyerId buyer, const QByteArray &tokenHash) = 0;
    // Deletes sessions and links that ended more than a day ago (they admit nobody already; this only
    // keeps the tables small). How many rows went.
    virtual Result<int> purgeExpired() = 0;
};

struct AccountSettings
{
    QString publicUrl = QStringLiteral("http://127.0.0.1:8080"); // the shop as buyers reach it: links in mails
    QString shopName = QStringLiteral("Box office");
    int sessionSeconds = 14 * 24 * 3600;
    int confirmLinkSeconds = 48 * 3600;
    int resetLinkSeconds = 3600;
    int mailsPerHour = 5;
};

// Runs `work` on one connection's account store and unit of work: the web runs it on its claim lane,
// the command line on its only connection. Nothing slow (hashing, the network) happens inside.
using AccountWork = std::function<Status(AccountStore &store, UnitOfWork &unit)>;
using AccountStoreRunner = std::function<Status(const AccountWork &work)>;

// Sign-up, address confirmation, sign-in, sign-out and password reset for the web shop. Answers never
// tell whether an address has an account: sign-up and reset answer alike, and the mail says the rest.
class AccountService
{
public:
    AccountService(AccountStoreRunner runner, PasswordHasher &hasher, AccountSettings settings);

    static constexpr int MinimumPasswordLength = 10;
    static constexpr int MaximumPasswordLength = 1024;

    // Done for a new address and for a known one alike: the first gets a confirmation link, the
    // second a mail saying an account exists (and how to reset its password).
    Status signUp(const QString &name, const QString &email, const QString &password);
    Result<AccountSession> confirm(const QString &linkToken);
    // PermissionDenied for a wrong address or password (one answer for both, after the same work);
    // Conflict with reason "account.unconfirmed" for the right password of an unconfirmed address.
    Result<AccountSession> signIn(const QString &email, const QString &password);
    Status requestReset(const QString &email);
    Result<AccountSession> resetPassword(const QString &linkToken, const QString &newPassword);
    // PermissionDenied for an unknown, malformed or expired session token.
    Result<AccountIdentity> session(const QString &sessionToken);
    Status signOut(const QString &sessionToken);
    // A bearer token for the buyer's scripts, shown once; the previous one stops working.
    Result<QString> newApiToken(BuyerId buyer);

    // The CSRF token of a session: derived from its secret token, so the server keeps no second secret,
    // and a page from another site, which cannot read the cookie, cannot compute it.
    static QString csrfToken(const QString &sessionToken);
    static QByteArray tokenHash(const QString &token);
    static QString newToken();
    static bool isTokenShaped(const QString &token);
    static Status checkPassword(const QString &password);
    // Before the service is used from several threads: the web server learns its own address late.
    void setPublicUrl(const QString &url) { m_settings.publicUrl = url; }

private:
    Result<AccountSession> openSession(AccountStore &store, const AccountIdentity &identity);
    // Spends a mailed link of `purpose`, does `act` for its buyer and signs the browser in, atomically.
    Result<AccountSession> followLink(AccountMail purpose, const QString &linkToken, const QString &context,
                                      const std::function<Status(AccountStore &, BuyerId)> &act);
    Status queueLinkMail(AccountStore &store, const AccountIdentity &identity, AccountMail purpose);

    AccountStoreRunner m_runner;
    PasswordHasher &m_hasher;
    AccountSettings m_settings;
    QString m_decoyHash; // verified against for an unknown address, so it costs what a known one costs
};

} // namespace boxoffice
