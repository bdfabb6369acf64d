#pragma once

#include "domain/buyeraccounts.h"
#include "storage/preparedstatements.h"

namespace boxoffice {

// AccountStore on PostgreSQL, on one connection.
class PgAccountStore final : public AccountStore
{
public:
    explicit PgAccountStore(QSqlDatabase database);

    Result<BuyerId> addAccount(const QString &name, const QString &email, const QString &passwordHash) override;
    Result<AccountCredentials> credentials(const QString &email) override;
    Result<AccountIdentity> account(BuyerId buyer) override;
    Status addLinkToken(BuyerId buyer, AccountMail purpose, const QByteArray &tokenHash, int lifetimeSeconds) override;
    Result<BuyerId> useLinkToken(AccountMail purpose, const QByteArray &tokenHash) override;
    Status confirmEmail(BuyerId buyer) override;
    Status setPassword(BuyerId buyer, const QString &passwordHash) override;
    Status addSession(BuyerId buyer, const QByteArray &tokenHash, int lifetimeSeconds) override;
    Result<AccountIdentity> sessionAccount(const QByteArray &tokenHash) override;
    Status endSession(const QByteArray &tokenHash) override;
    Status queueMail(BuyerId buyer, AccountMail purpose, const QString &recipient, const QString &subject,
                     const QString &body, int perHour) override;
    Status setApiTokenHash(BuyerId buyer, const QByteArray &tokenHash) override;
    Result<int> purgeExpired() override;

private:
    Status write(const char *sql, const QString &context, PreparedStatements::Bindings bindings, bool mustChangeOne);
    Result<AccountIdentity> identity(const char *sql, const QString &context, PreparedStatements::Bindings bindings);

    PreparedStatements m_statements;
};

} // namespace boxoffice
