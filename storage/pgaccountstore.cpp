#include "storage/pgaccountstore.h"

#include "storage/accountsql.h"

namespace boxoffice {

namespace {

QString purposeText(AccountMail purpose)
{
    switch (purpose) {
    case AccountMail::Confirm:
        return QStringLiteral("confirm");
    case AccountMail::Reset:
        return QStringLiteral("reset");
    case AccountMail::AccountExists:
        return QStringLiteral("account-exists");
    }
    return {};
}

AccountIdentity identityFrom(const QSqlQuery &row)
{
    return AccountIdentity{Buyer{row.value(0).toLongLong(), row.value(1).toString()}, row.value(2).toString(),
                           row.value(3).toBool()};
}

} // namespace

PgAccountStore::PgAccountStore(QSqlDatabase database) : m_statements(std::move(database)) { }

Status PgAccountStore::write(const char *sql, const QString &context, PreparedStatements::Bindings bindings,
                             bool mustChangeOne)
{
    auto query = m_statements.exec(sql, context, bindings);
    if (!query)
        return query.error();
    const bool changed = query.value()->numRowsAffected() > 0;
    query.value()->finish();
    if (mustChangeOne && !changed)
        return makeError(ErrorCode::NotFound, QStringLiteral("There is no such account."));
    return Done{};
}

Result<AccountIdentity> PgAccountStore::identity(const char *sql, const QString &context,
                                                 PreparedStatements::Bindings bindings)
{
    auto query = m_statements.exec(sql, context, bindings);
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    if (!q.next()) {
        q.finish();
        return makeError(ErrorCode::NotFound, QStringLiteral("There is no such account."));
    }
    const AccountIdentity found = identityFrom(q);
    q.finish();
    return found;
}

Result<BuyerId> PgAccountStore::addAccount(const QString &name, const QString &email, const QString &passwordHash)
{
    // The bearer token's column is NOT NULL UNIQUE: the hash of a token nobody is ever given.
    const QByteArray unusedToken = AccountService::tokenHash(AccountService::newToken());
    auto query = m_statements.exec(AccountSql::addAccount, QStringLiteral("adding an account"),
                                   {{QStringLiteral(":name"), name},
                                    {QStringLiteral(":token_hash"), unusedToken},
                                    {QStringLiteral(":email"), email},
                                    {QStringLiteral(":password_hash"), passwordHash}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    if (!q.next()) {
        q.finish();
        return makeError(ErrorCode::Conflict, QStringLiteral("An account has this address already."));
    }
    const BuyerId id = q.value(0).toLongLong();
    q.finish();
    return id;
}

Result<AccountCredentials> PgAccountStore::credentials(const QString &email)
{
    auto query = m_statements.exec(AccountSql::credentials, QStringLiteral("looking an account up"),
                                   {{QStringLiteral(":email"), email}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    if (!q.next()) {
        q.finish();
        return makeError(ErrorCode::NotFound, QStringLiteral("No account has this address."));
    }
    AccountCredentials found{identityFrom(q), q.value(4).toString()};
    q.finish();
    return found;
}

Result<AccountIdentity> PgAccountStore::account(BuyerId buyer)
{
    return identity(AccountSql::account, QStringLiteral("reading an account"), {{QStringLiteral(":buyer"), buyer}});
}

Status PgAccountStore::addLinkToken(BuyerId buyer, AccountMail purpose, const QByteArray &tokenHash,
                                    int lifetimeSeconds)
{
    return write(AccountSql::addLinkToken, QStringLiteral("making a link for a mail"),
                 {{QStringLiteral(":hash"), tokenHash},
                  {QStringLiteral(":buyer"), buyer},
                  {QStringLiteral(":purpose"), purposeText(purpose)},
                  {QStringLiteral(":lifetime"), lifetimeSeconds}},
                 true);
}

Result<BuyerId> PgAccountStore::useLinkToken(AccountMail purpose, const QByteArray &tokenHash)
{
    auto query
        = m_statements.exec(AccountSql::useLinkToken, QStringLiteral("following a mailed link"),
                            {{QStringLiteral(":hash"), tokenHash}, {QStringLiteral(":purpose"), purposeText(purpose)}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    if (!q.next()) {
        q.finish();
        return makeError(ErrorCode::NotFound, QStringLiteral("No such link, or it was used or expired."));
    }
    const BuyerId buyer = q.value(0).toLongLong();
    q.finish();
    return buyer;
}

Status PgAccountStore::confirmEmail(BuyerId buyer)
{
    return write(AccountSql::confirmEmail, QStringLiteral("confirming an address"), {{QStringLiteral(":buyer"), buyer}},
                 true);
}

Status PgAccountStore::setPassword(BuyerId buyer, const QString &passwordHash)
{
    return write(AccountSql::setPassword, QStringLiteral("setting a password"),
                 {{QStringLiteral(":buyer"), buyer}, {QStringLiteral(":password_hash"), passwordHash}}, true);
}

Status PgAccountStore::addSession(BuyerId buyer, const QByteArray &tokenHash, int lifetimeSeconds)
{
    return write(AccountSql::addSession, QStringLiteral("signing in"),
                 {{QStringLiteral(":hash"), tokenHash},
                  {QStringLiteral(":buyer"), buyer},
                  {QStringLiteral(":lifetime"), lifetimeSeconds}},
                 true);
}

Result<AccountIdentity> PgAccountStore::sessionAccount(const QByteArray &tokenHash)
{
    return identity(AccountSql::sessionAccount, QStringLiteral("checking a session"),
                    {{QStringLiteral(":hash"), tokenHash}});
}

Status PgAccountStore::endSession(const QByteArray &tokenHash)
{
    return write(AccountSql::endSession, QStringLiteral("signing out"), {{QStringLiteral(":hash"), tokenHash}}, false);
}

Status PgAccountStore::queueMail(BuyerId buyer, AccountMail purpose, const QString &recipient, const QString &subject,
                                 const QString &body, int perHour)
{
    const Status queued = write(AccountSql::queueMail, QStringLiteral("queueing an account mail"),
                                {{QStringLiteral(":buyer"), buyer},
                                 {QStringLiteral(":purpose"), purposeText(purpose)},
                                 {QStringLiteral(":recipient"), recipient},
                                 {QStringLiteral(":subject"), subject},
                                 {QStringLiteral(":body"), body},
                                 {QStringLiteral(":per_hour"), perHour}},
                                true);
    if (!queued && queued.error().code == ErrorCode::NotFound)
        return makeError(ErrorCode::LimitReached, QStringLiteral("Enough mails went to this address this hour."));
    return queued;
}

Status PgAccountStore::setApiTokenHash(BuyerId buyer, const QByteArray &tokenHash)
{
    return write(AccountSql::setApiTokenHash, QStringLiteral("making an API token"),
                 {{QStringLiteral(":hash"), tokenHash}, {QStringLiteral(":buyer"), buyer}}, true);
}

Result<int> PgAccountStore::purgeExpired()
{
    auto query = m_statements.exec(AccountSql::purgeExpired, QStringLiteral("deleting ended sessions and links"), {});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    const int purged = q.next() ? q.value(0).toInt() : 0;
    q.finish();
    return purged;
}

} // namespace boxoffice
