#pragma once

#include "domain/tillstore.h"
#include "storage/connectionsettings.h"
#include "storage/preparedstatements.h"

#include <memory>

namespace boxoffice {

class DatabaseConnection;

// TillStore on PostgreSQL (migration 020). Opening, closing and countersigning are one function call
// each, deciding under the shift's row lock; a report is read in one read-only snapshot.
class PgTillStore final : public TillStore
{
public:
    explicit PgTillStore(QSqlDatabase database);

    // Names the session's terminal: every counter payment and refund on this connection records it,
    // and the till opened here is this terminal's.
    static Status setTerminal(QSqlDatabase database, const QString &terminal);
    // A manager's connection acting at `clerk`'s desk: counter money it moves goes to the clerk's till.
    static Status actOnBehalfOf(QSqlDatabase database, const QString &clerk);

    Result<TillShift> open(const Money &float_) override;
    Result<std::optional<TillShift>> openHere() override;
    Result<TillReport> report(ShiftId shift) override;
    Result<TillShift> close(ShiftId shift, const Money &counted, const QString &note) override;
    Result<TillShift> countersign(ShiftId shift, const QString &note) override;
    Result<QVector<TillShift>> awaitingCountersign() override;
    Result<DayLedger> day(const QDateTime &from, const QDateTime &to) override;

private:
    Result<TillShift> readShift(ShiftId shift, const QString &context);
    Result<QVector<TillShift>> shifts(const char *sql, const QString &context, PreparedStatements::Bindings bindings);
    Result<QString> outcome(const char *sql, const QString &context, PreparedStatements::Bindings bindings);

    PreparedStatements m_statements;
};

// A till store and service on a connection of their own, for a worker thread: opened (and to be
// destroyed) in the thread that uses it, signed in as `staff`, at `terminal`.
class PgTillSession final : public TillSession
{
public:
    static Result<std::unique_ptr<TillSession>> open(const ConnectionSettings &staff, const QString &terminal);
    ~PgTillSession() override;

    TillService &service() override { return m_service; }

private:
    explicit PgTillSession(std::unique_ptr<DatabaseConnection> connection);

    std::unique_ptr<DatabaseConnection> m_connection;
    PgTillStore m_store;
    TillService m_service;
};

} // namespace boxoffice
