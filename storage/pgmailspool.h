#pragma once

#include "domain/maildelivery.h"
#include "storage/preparedstatements.h"

namespace boxoffice {

// MailSpoolStore on PostgreSQL (migration 045): every call one statement in autocommit.
class PgMailSpool final : public MailSpoolStore
{
public:
    explicit PgMailSpool(QSqlDatabase database);

    Result<std::optional<OutgoingMail>> takeDue(int leaseSeconds) override;
    Status markSent(qint64 mail) override;
    Status retryLater(qint64 mail, int afterSeconds, const QString &error) override;
    Status giveUp(qint64 mail, const QString &reason) override;
    Result<MailSpoolSummary> summary() override;
    Result<QVector<SpooledMailStatus>> unsent(int limit) override;

private:
    Status run(const char *sql, const QString &context, PreparedStatements::Bindings bindings);

    PreparedStatements m_statements;
};

} // namespace boxoffice
