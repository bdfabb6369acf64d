#pragma once

#include "domain/door.h"
#include "storage/preparedstatements.h"

namespace boxoffice {

// DoorStore on PostgreSQL: one call of boxoffice_admit (migration 019) per scan, in its own implicit
// transaction, so the admission is committed before the door is told "ADMITTED".
class PgDoorStore final : public DoorStore
{
public:
    explicit PgDoorStore(QSqlDatabase database);

    Result<DoorRecord> admit(const QString &code, const QString &gate) override;
    Result<DoorRecord> look(const QString &code) override;

private:
    Result<DoorRecord> run(const QString &code, const QVariant &gate, const QString &context);

    PreparedStatements m_statements;
};

} // namespace boxoffice
