#pragma once

#include "domain/approvals.h"
#include "storage/preparedstatements.h"

namespace boxoffice {

// How the database spells an approval request's state (migration 021's CHECK).
QString toText(ApprovalState state);
Result<ApprovalState> approvalStateFromText(const QString &text);

class PgApprovalStore final : public ApprovalStore
{
public:
    explicit PgApprovalStore(QSqlDatabase database);

    Result<qint64> file(const ApprovalRequest &request) override;
    Result<QVector<ApprovalRequest>> pending() override;
    Result<ApprovalRequest> request(qint64 id) override;
    Result<Decision> decide(qint64 id, bool approve) override;
    Status finish(qint64 id) override;

private:
    Result<QVector<ApprovalRequest>> read(const char *sql, PreparedStatements::Bindings bindings);

    PreparedStatements m_statements;
};

} // namespace boxoffice
