#include "storage/pgtillstore.h"

#include "storage/databaseconnection.h"
#include "storage/sqlerrors.h"
#include "storage/sqlvalues.h"
#include "storage/tillsql.h"
#include "storage/transactionguard.h"

#include <QSqlError>
#include <QSqlQuery>

namespace boxoffice {

namespace {

const QString readingTill = QStringLiteral("reading the till");

// The figures' amounts are in `currency`, the till's (or the day row's).
TillFigures figuresFrom(const QSqlQuery &q, int first, const QString &currency)
{
    const auto money = [&](int column) { return Money(q.value(first + column).toLongLong(), currency); };
    TillFigures f;
    f.cashSales = q.value(first).toInt();
    f.cashSalesAmount = money(1);
    f.change = money(2);
    f.cardSales = q.value(first + 3).toInt();
    f.cardSalesAmount = money(4);
    f.voids = q.value(first + 5).toInt();
    f.voidCash = money(6);
    f.voidCard = money(7);
    f.refunds = q.value(first + 8).toInt();
    f.refundCash = money(9);
    f.refundCard = money(10);
    f.otherCurrency = q.value(first + 11).toInt();
    return f;
}

// The columns of TillSql's shift statements.
TillShift shiftFrom(const QSqlQuery &q)
{
    TillShift s;
    s.id = q.value(0).toLongLong();
    s.clerk = q.value(1).toString();
    s.terminal = q.value(2).toString();
    s.currency = q.value(3).toString();
    s.float_ = Money(q.value(4).toLongLong(), s.currency);
    s.openedAt = fromEpochMs(q.value(5));
    s.closedAt = fromEpochMs(q.value(6));
    if (!q.value(7).isNull())
        s.counted = Money(q.value(7).toLongLong(), s.currency);
    s.closeNote = q.value(8).toString();
    s.closedFigures = figuresFrom(q, 9, s.currency);
    s.countersignedBy = q.value(21).toString();
    s.countersignedAt = fromEpochMs(q.value(22));
    s.countersignNote = q.value(23).toString();
    return s;
}

// The database's refusal in the till's own words; the code and SQLSTATE stay as they were.
DomainError reworded(DomainError error, const QString &permissionText, const char *reason)
{
    if (error.code == ErrorCode::PermissionDenied) {
        error.message = permissionText;
        error.reason = QLatin1String(reason);
    }
    return error;
}

DomainError noSuchShift(ShiftId shift)
{
    return withReason(makeError(ErrorCode::NotFound, QStringLiteral("There is no till shift %1.").arg(shift)),
                      ErrorReason::TillUnknown);
}

QVariant epochMs(const QDateTime &at)
{
    return at.toMSecsSinceEpoch();
}

} // namespace

PgTillStore::PgTillStore(QSqlDatabase database) : m_statements(std::move(database)) { }

Status PgTillStore::setTerminal(QSqlDatabase database, const QString &terminal)
{
    QSqlQuery query(database);
    const QString context = QStringLiteral("naming this terminal");
    if (!query.prepare(QString::fromUtf8(TillSql::setTerminal)))
        return fromSqlError(query.lastError(), context);
    query.bindValue(QStringLiteral(":terminal"), terminal.trimmed().left(64));
    if (!query.exec())
        return fromSqlError(query.lastError(), context);
    return Done{};
}

Status PgTillStore::actOnBehalfOf(QSqlDatabase database, const QString &clerk)
{
    QSqlQuery query(database);
    const QString context = QStringLiteral("naming the clerk at this desk");
    if (!query.prepare(QString::fromUtf8(TillSql::actOnBehalfOf)))
        return fromSqlError(query.lastError(), context);
    query.bindValue(QStringLiteral(":clerk"), clerk.trimmed());
    if (!query.exec())
        return fromSqlError(query.lastError(), context);
    return Done{};
}

Result<QString> PgTillStore::outcome(const char *sql, const QString &context, PreparedStatements::Bindings bindings)
{
    auto query = m_statements.exec(sql, context, bindings);
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    const QString answer = q.next() ? q.value(0).toString() : QString();
    q.finish();
    return answer;
}

Result<TillShift> PgTillStore::readShift(ShiftId shift, const QString &context)
{
    auto found = shifts(TillSql::shift, context, {{QStringLiteral(":shift"), shift}});
    if (!found)
        return found.error();
    if (found->isEmpty())
        return noSuchShift(shift);
    return found->first();
}

Result<QVector<TillShift>> PgTillStore::shifts(const char *sql, const QString &context,
                                               PreparedStatements::Bindings bindings)
{
    auto query = m_statements.exec(sql, context, bindings);
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    QVector<TillShift> found;
    while (q.next())
        found << shiftFrom(q);
    q.finish();
    return found;
}

Result<TillShift> PgTillStore::open(const Money &float_)
{
    const QString context = QStringLiteral("opening the till");
    auto query = m_statements.exec(
        TillSql::open, context,
        {{QStringLiteral(":float"), float_.minor()}, {QStringLiteral(":currency"), float_.currency()}});
    if (!query) {
        DomainError error = query.error();
        if (error.sqlState == QLatin1String("22023"))
            error.message = QStringLiteral("This desk has no terminal name, so no till can be opened here.");
        return error;
    }
    QSqlQuery &q = *query.value();
    if (!q.next()) {
        q.finish();
        return makeError(ErrorCode::Internal, QStringLiteral("The till did not answer while opening it."));
    }
    const ShiftId id = q.value(0).toLongLong();
    const bool opened = q.value(1).toString() == QLatin1String("OPENED");
    q.finish();
    auto shift = readShift(id, context);
    if (!shift || opened)
        return shift;
    const QString since = shift->openedAt.toLocalTime().toString(QStringLiteral("HH:mm"));
    DomainError error = withReason(
        makeError(ErrorCode::Conflict,
                  QStringLiteral("Your till at this terminal is open already (since %1); close it before opening "
                                 "another.")
                      .arg(since)),
        ErrorReason::TillOpenAlready, {since});
    error.detail = QStringLiteral("shift %1 already open").arg(id);
    return error;
}

Result<std::optional<TillShift>> PgTillStore::openHere()
{
    auto found = shifts(TillSql::openHere, QStringLiteral("finding your open till"), {});
    if (!found)
        return found.error();
    return found->isEmpty() ? std::optional<TillShift>() : std::optional<TillShift>(found->first());
}

Result<TillReport> PgTillStore::report(ShiftId id)
{
    const QSqlDatabase database = m_statements.database();
    TransactionGuard snapshot(database);
    if (TransactionGuard::depth(database) == 0) {
        if (auto begun = snapshot.begin(readingTill); !begun)
            return begun.error();
        if (auto isolated = execStatement(database, QString::fromLatin1(TillSql::readOnlySnapshot), readingTill);
            !isolated)
            return isolated.error();
    }
    auto shift = readShift(id, readingTill);
    if (!shift)
        return shift.error();
    TillFigures figures = shift->closedFigures;
    if (shift->state() == ShiftState::Open) {
        auto query = m_statements.exec(TillSql::figures, readingTill, {{QStringLiteral(":shift"), id}});
        if (!query)
            return query.error();
        QSqlQuery &q = *query.value();
        if (q.next())
            figures = figuresFrom(q, 0, shift->currency);
        q.finish();
    }
    auto query = m_statements.exec(TillSql::cardTotals, readingTill, {{QStringLiteral(":shift"), id}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    QVector<CardReferenceTotal> cards;
    while (q.next())
        cards << CardReferenceTotal{q.value(0).toString(), q.value(1).toInt(),
                                    Money(q.value(2).toLongLong(), shift->currency),
                                    Money(q.value(3).toLongLong(), shift->currency)};
    q.finish();
    return TillRules::report(shift.value(), figures, cards);
}

Result<TillShift> PgTillStore::close(ShiftId shift, const Money &counted, const QString &note)
{
    const QString context = QStringLiteral("closing the till");
    auto answer = outcome(TillSql::close, context,
                          {{QStringLiteral(":shift"), shift},
                           {QStringLiteral(":counted"), counted.minor()},
                           {QStringLiteral(":note"), note}});
    if (!answer)
        return reworded(answer.error(), QStringLiteral("Only the clerk who opened this till can close it."),
                        ErrorReason::TillCloseNotYours);
    if (answer.value() == QLatin1String("NOT_FOUND"))
        return noSuchShift(shift);
    if (answer.value() == QLatin1String("ALREADY_CLOSED"))
        return withReason(makeError(ErrorCode::Conflict, QStringLiteral("This till was closed already.")),
                          ErrorReason::TillClosedAlready);
    return readShift(shift, context);
}

Result<TillShift> PgTillStore::countersign(ShiftId shift, const QString &note)
{
    const QString context = QStringLiteral("countersigning a till");
    auto answer
        = outcome(TillSql::countersign, context, {{QStringLiteral(":shift"), shift}, {QStringLiteral(":note"), note}});
    if (!answer)
        return reworded(answer.error(),
                        QStringLiteral("A till is countersigned by a manager other than the clerk who kept it."),
                        ErrorReason::TillCountersignRefused);
    if (answer.value() == QLatin1String("NOT_FOUND"))
        return noSuchShift(shift);
    if (answer.value() == QLatin1String("NOT_CLOSED"))
        return withReason(
            makeError(ErrorCode::Conflict, QStringLiteral("This till is still open: its clerk closes it first.")),
            ErrorReason::TillStillOpen);
    if (answer.value() == QLatin1String("ALREADY_COUNTERSIGNED"))
        return withReason(makeError(ErrorCode::Conflict, QStringLiteral("This till was countersigned already.")),
                          ErrorReason::TillCountersignedAlready);
    return readShift(shift, context);
}

Result<QVector<TillShift>> PgTillStore::awaitingCountersign()
{
    return shifts(TillSql::awaitingCountersign, QStringLiteral("listing tills to countersign"), {});
}

Result<DayLedger> PgTillStore::day(const QDateTime &from, const QDateTime &to)
{
    const QString context = QStringLiteral("reading the day report");
    const QSqlDatabase database = m_statements.database();
    TransactionGuard snapshot(database);
    if (TransactionGuard::depth(database) == 0) {
        if (auto begun = snapshot.begin(context); !begun)
            return begun.error();
        if (auto isolated = execStatement(database, QString::fromLatin1(TillSql::readOnlySnapshot), context); !isolated)
            return isolated.error();
    }
    DayLedger ledger;
    {
        auto query
            = m_statements.exec(TillSql::dayMoney, context,
                                {{QStringLiteral(":from"), epochMs(from)}, {QStringLiteral(":to"), epochMs(to)}});
        if (!query)
            return query.error();
        QSqlQuery &q = *query.value();
        while (q.next()) {
            DayTillRow row;
            row.clerk = q.value(0).toString();
            row.terminal = q.value(1).toString();
            row.currency = q.value(2).toString();
            row.money = figuresFrom(q, 3, row.currency);
            row.money.otherCurrency = 0; // rows are per currency already
            row.outsideShift = q.value(14).toInt();
            ledger.money << row;
        }
        q.finish();
    }
    auto opened = shifts(TillSql::shiftsOpenedBetween, context,
                         {{QStringLiteral(":from"), epochMs(from)}, {QStringLiteral(":to"), epochMs(to)}});
    if (!opened)
        return opened.error();
    ledger.shifts = opened.value();
    auto query = m_statements.exec(TillSql::dayOnline, context,
                                   {{QStringLiteral(":from"), epochMs(from)}, {QStringLiteral(":to"), epochMs(to)}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    while (q.next()) {
        const QString currency = q.value(0).toString();
        ledger.online << OnlineDayTotal{q.value(1).toInt(), Money(q.value(2).toLongLong(), currency),
                                        q.value(3).toInt(), Money(q.value(4).toLongLong(), currency)};
    }
    q.finish();
    return ledger;
}

Result<std::unique_ptr<TillSession>> PgTillSession::open(const ConnectionSettings &staff, const QString &terminal)
{
    auto connection = DatabaseConnection::open(staff, QStringLiteral("till"));
    if (!connection)
        return connection.error();
    if (auto named = PgTillStore::setTerminal(connection.value()->database(), terminal); !named)
        return named.error();
    return std::unique_ptr<TillSession>(new PgTillSession(std::move(connection.value())));
}

PgTillSession::PgTillSession(std::unique_ptr<DatabaseConnection> connection)
    : m_connection(std::move(connection)), m_store(m_connection->database()), m_service(m_store)
{ }

PgTillSession::~PgTillSession() = default;

} // namespace boxoffice
