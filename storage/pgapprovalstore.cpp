#include "storage/pgapprovalstore.h"

#include "storage/approvalsql.h"

#include <QDateTime>

namespace boxoffice {

namespace {

const QString approvalContext = QStringLiteral("asking a manager to approve");

QVariant textOrNull(const QString &text)
{
    return text.isEmpty() ? QVariant(QMetaType::fromType<QString>()) : QVariant(text);
}

} // namespace

QString toText(ApprovalState state)
{
    switch (state) {
    case ApprovalState::Pending:
        return QStringLiteral("PENDING");
    case ApprovalState::Approved:
        return QStringLiteral("APPROVED");
    case ApprovalState::Declined:
        return QStringLiteral("DECLINED");
    case ApprovalState::Done:
        return QStringLiteral("DONE");
    }
    return QString();
}

Result<ApprovalState> approvalStateFromText(const QString &text)
{
    for (const ApprovalState state :
         {ApprovalState::Pending, ApprovalState::Approved, ApprovalState::Declined, ApprovalState::Done}) {
        if (toText(state) == text)
            return state;
    }
    return makeError(ErrorCode::Internal, QStringLiteral("Unknown approval state \"%1\".").arg(text));
}

PgApprovalStore::PgApprovalStore(QSqlDatabase database) : m_statements(std::move(database)) { }

Result<qint64> PgApprovalStore::file(const ApprovalRequest &request)
{
    const bool exchange = request.kind == ApprovalKind::Exchange;
    const bool cash = request.payment.method == PaymentMethod::Cash;
    auto filed = m_statements.exec(
        ApprovalSql::file, approvalContext,
        {{QStringLiteral(":kind"), exchange ? QStringLiteral("EXCHANGE") : QStringLiteral("REFUND")},
         {QStringLiteral(":order"), request.order},
         // never NULL: empty is the whole order (a null QString would bind as NULL)
         {QStringLiteral(":items"), QString(QLatin1String("")) + formatOrderItemRefs(request.items)},
         {QStringLiteral(":reason"), request.reason},
         {QStringLiteral(":cart"), exchange ? textOrNull(request.cart) : textOrNull({})},
         {QStringLiteral(":seen"),
          exchange ? QVariant(request.seenTotal.minor()) : QVariant(QMetaType::fromType<qint64>())},
         {QStringLiteral(":method"),
          exchange ? QVariant(cash ? QStringLiteral("cash") : QStringLiteral("card")) : textOrNull({})},
         {QStringLiteral(":reference"), exchange && !cash ? textOrNull(request.payment.cardReference) : textOrNull({})},
         {QStringLiteral(":tendered"),
          exchange && cash ? QVariant(request.payment.tendered.minor()) : QVariant(QMetaType::fromType<qint64>())},
         {QStringLiteral(":terminal"), textOrNull(request.terminal.left(100))}});
    if (!filed) {
        if (filed.error().sqlState == QLatin1String("23505"))
            return makeError(ErrorCode::Conflict, QStringLiteral("This order already waits for a manager's decision."));
        return filed.error();
    }
    const qint64 id = filed.value()->next() ? filed.value()->value(0).toLongLong() : 0;
    filed.value()->finish();
    return id;
}

Result<QVector<ApprovalRequest>> PgApprovalStore::read(const char *sql, PreparedStatements::Bindings bindings)
{
    auto query = m_statements.exec(sql, QStringLiteral("reading requests for approval"), bindings);
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    QVector<ApprovalRequest> requests;
    while (q.next()) {
        ApprovalRequest r;
        r.id = q.value(0).toLongLong();
        r.kind = q.value(1).toString() == QLatin1String("EXCHANGE") ? ApprovalKind::Exchange : ApprovalKind::Refund;
        r.order = q.value(2).toLongLong();
        auto items = parseOrderItemRefs(q.value(3).toString());
        auto state = approvalStateFromText(q.value(13).toString());
        if (!items || !state) {
            q.finish();
            return items ? state.error() : items.error();
        }
        r.items = items.value();
        r.reason = q.value(4).toString();
        r.cart = q.value(5).toString();
        const QString currency = q.value(16).toString();
        r.seenTotal = Money(q.value(6).toLongLong(), currency);
        r.payment.method = q.value(7).toString() == QLatin1String("card") ? PaymentMethod::Card : PaymentMethod::Cash;
        r.payment.cardReference = q.value(8).toString();
        r.payment.tendered = Money(q.value(9).toLongLong(), currency);
        r.terminal = q.value(10).toString();
        r.requestedBy = q.value(11).toString();
        r.requestedAt = q.value(12).toDateTime();
        r.state = state.value();
        r.decidedBy = q.value(14).toString();
        r.decidedAt = q.value(15).toDateTime();
        requests << r;
    }
    q.finish();
    return requests;
}

Result<QVector<ApprovalRequest>> PgApprovalStore::pending()
{
    return read(ApprovalSql::pending, {});
}

Result<ApprovalRequest> PgApprovalStore::request(qint64 id)
{
    auto found = read(ApprovalSql::byId, {{QStringLiteral(":id"), id}});
    if (!found)
        return found.error();
    if (found->isEmpty())
        return makeError(ErrorCode::NotFound, QStringLiteral("That request does not exist any more."));
    return found->first();
}

Result<ApprovalStore::Decision> PgApprovalStore::decide(qint64 id, bool approve)
{
    auto decided = m_statements.exec(ApprovalSql::decide, QStringLiteral("deciding a request for approval"),
                                     {{QStringLiteral(":id"), id}, {QStringLiteral(":approve"), approve}});
    if (!decided)
        return decided.error();
    QSqlQuery &q = *decided.value();
    const bool found = q.next();
    const bool changed = found && q.value(0).toBool();
    const QString stateText = found ? q.value(1).toString() : QString();
    q.finish();
    if (stateText.isEmpty())
        return makeError(ErrorCode::NotFound, QStringLiteral("That request does not exist any more."));
    auto state = approvalStateFromText(stateText);
    if (!state)
        return state.error();
    return Decision{changed, state.value()};
}

Status PgApprovalStore::finish(qint64 id)
{
    auto finished = m_statements.exec(ApprovalSql::finish, QStringLiteral("finishing an approved request"),
                                      {{QStringLiteral(":id"), id}});
    if (!finished)
        return finished.error();
    const bool done = finished.value()->next() && finished.value()->value(0).toBool();
    finished.value()->finish();
    if (!done)
        return makeError(ErrorCode::Conflict, QStringLiteral("The request was decided by someone else meanwhile."));
    return Done{};
}

} // namespace boxoffice
