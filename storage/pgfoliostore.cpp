#include "storage/pgfoliostore.h"

#include "storage/foliosql.h"
#include "storage/statetext.h"

namespace boxoffice {

namespace {

const QString readContext = QStringLiteral("reading a folio");

DomainError stayUnknown(StayId stay)
{
    return withReason(makeError(ErrorCode::NotFound, QStringLiteral("Stay %1 does not exist.").arg(stay)),
                      ErrorReason::StayUnknown);
}

QVariant nullOf(QMetaType type)
{
    return QVariant(type);
}

} // namespace

PgFolioStore::PgFolioStore(QSqlDatabase database) : m_statements(std::move(database)) { }

Result<Folio> PgFolioStore::folio(StayId stay)
{
    auto head = m_statements.exec(FolioSql::head, readContext, {{QStringLiteral(":stay"), stay}});
    if (!head)
        return head.error();
    QSqlQuery &q = *head.value();
    if (!q.next()) {
        q.finish();
        return stayUnknown(stay);
    }
    Folio folio;
    folio.stay = q.value(0).toLongLong();
    folio.reference = q.value(1).toString();
    folio.guest = q.value(2).toString();
    folio.hotel = q.value(3).toString();
    folio.roomType = q.value(4).toString();
    folio.currency = q.value(5).toString().trimmed();
    folio.checkIn = q.value(6).toDate();
    folio.checkOut = q.value(7).toDate();
    auto state = stayStateFromText(q.value(8).toString());
    folio.order = q.value(9).toLongLong();
    folio.room = Money(q.value(10).toLongLong(), folio.currency);
    folio.roomOwed = Money(q.value(11).toLongLong(), folio.currency);
    for (const QString &rate : q.value(12).toString().split(QLatin1Char(','), Qt::SkipEmptyParts))
        folio.nightRates << Money(rate.toLongLong(), folio.currency);
    q.finish();
    if (!state)
        return state.error();
    folio.state = state.value();
    if (auto read = readCharges(folio); !read)
        return read.error();
    if (auto read = readPayments(folio); !read)
        return read.error();
    return folio;
}

Status PgFolioStore::readCharges(Folio &folio)
{
    auto rows = m_statements.exec(FolioSql::charges, readContext, {{QStringLiteral(":stay"), folio.stay}});
    if (!rows)
        return rows.error();
    QSqlQuery &q = *rows.value();
    while (q.next()) {
        FolioCharge charge;
        charge.id = q.value(0).toLongLong();
        charge.stay = q.value(1).toLongLong();
        charge.kind = folioKindFromName(q.value(2).toString()).value_or(FolioKind::Other);
        charge.description = q.value(3).toString();
        charge.amount = Money(q.value(4).toLongLong(), folio.currency);
        charge.quantity = q.value(5).toInt();
        charge.postedBy = q.value(6).toString();
        charge.postedAt = q.value(7).toDateTime();
        charge.voidedBy = q.value(8).toString();
        charge.voidedAt = q.value(9).toDateTime();
        charge.voidReason = q.value(10).toString();
        charge.settledOrder = q.value(11).toLongLong();
        charge.settledAt = q.value(12).toDateTime();
        folio.charges << charge;
    }
    q.finish();
    return Done{};
}

Status PgFolioStore::readPayments(Folio &folio)
{
    auto rows = m_statements.exec(FolioSql::payments, readContext, {{QStringLiteral(":stay"), folio.stay}});
    if (!rows)
        return rows.error();
    QSqlQuery &q = *rows.value();
    while (q.next())
        folio.payments << FolioPayment{q.value(0).toDateTime(), q.value(1).toString(),
                                       Money(q.value(2).toLongLong(), folio.currency), q.value(3).toString()};
    q.finish();
    return Done{};
}

Result<FolioChargeId> PgFolioStore::post(const FolioChargeRequest &request)
{
    auto posted = m_statements.exec(FolioSql::post, QStringLiteral("posting a folio charge"),
                                    {{QStringLiteral(":stay"), request.stay},
                                     {QStringLiteral(":kind"), folioKindName(request.kind)},
                                     {QStringLiteral(":description"), request.description},
                                     {QStringLiteral(":amount"), request.amount.minor()},
                                     {QStringLiteral(":quantity"), request.quantity}});
    if (!posted)
        return posted.error();
    QSqlQuery &q = *posted.value();
    const QString outcome = q.next() ? q.value(0).toString() : QString();
    const FolioChargeId id = q.value(1).toLongLong();
    q.finish();
    if (outcome == QLatin1String("OK"))
        return id;
    if (outcome == QLatin1String("NOT_IN_HOUSE"))
        return withReason(
            makeError(ErrorCode::Conflict, QStringLiteral("Charges are posted only while the guest is checked in.")),
            ErrorReason::FolioNotInHouse);
    return stayUnknown(request.stay);
}

Status PgFolioStore::voidCharge(FolioChargeId charge, const QString &reason)
{
    auto voided = m_statements.exec(FolioSql::voidCharge, QStringLiteral("voiding a folio charge"),
                                    {{QStringLiteral(":charge"), charge}, {QStringLiteral(":reason"), reason}});
    if (!voided) {
        if (voided.error().code == ErrorCode::PermissionDenied)
            return withReason(voided.error(), ErrorReason::FolioVoidManagerOnly);
        return voided.error();
    }
    QSqlQuery &q = *voided.value();
    const QString outcome = q.next() ? q.value(0).toString() : QString();
    q.finish();
    if (outcome == QLatin1String("OK"))
        return Done{};
    if (outcome == QLatin1String("NEEDS_REASON"))
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("Say why the charge is voided.")),
                          ErrorReason::FolioVoidNeedsReason);
    if (outcome == QLatin1String("CLOSED"))
        return withReason(
            makeError(ErrorCode::Conflict, QStringLiteral("That charge was voided or paid already; nothing changed.")),
            ErrorReason::FolioChargeClosed);
    return makeError(ErrorCode::NotFound, QStringLiteral("Folio charge %1 does not exist.").arg(charge));
}

Result<FolioSettlement> PgFolioStore::settleAndCheckOut(StayId stay, const Money &seenBalance,
                                                        const std::optional<CounterPayment> &payment)
{
    const bool cash = payment && payment->method == PaymentMethod::Cash;
    const bool card = payment && payment->method == PaymentMethod::Card;
    auto settled
        = m_statements.exec(FolioSql::settle, QStringLiteral("settling a folio and checking out"),
                            {{QStringLiteral(":stay"), stay},
                             {QStringLiteral(":seen"), seenBalance.minor()},
                             {QStringLiteral(":method"),
                              !payment ? nullOf(QMetaType::fromType<QString>())
                                       : QVariant(cash       ? QStringLiteral("cash")
                                                      : card ? QStringLiteral("card")
                                                             : QStringLiteral("guarantee"))},
                             {QStringLiteral(":tendered"),
                              cash ? QVariant(payment->tendered.minor()) : nullOf(QMetaType::fromType<qint64>())},
                             {QStringLiteral(":reference"),
                              card ? QVariant(payment->cardReference) : nullOf(QMetaType::fromType<QString>())}});
    if (!settled)
        return settled.error();
    QSqlQuery &q = *settled.value();
    const QString outcome = q.next() ? q.value(0).toString() : QString();
    const qint64 balance = q.value(1).toLongLong();
    FolioSettlement result;
    result.charged = Money(q.value(2).toLongLong(), seenBalance.currency());
    result.change = Money(q.value(3).toLongLong(), seenBalance.currency());
    result.order = q.value(4).toLongLong();
    result.settled = result.order != 0;
    q.finish();
    if (outcome == QLatin1String("OK"))
        return result;
    if (outcome == QLatin1String("NOT_IN_HOUSE"))
        return withReason(makeError(ErrorCode::Conflict, QStringLiteral("Only a checked-in stay can check out.")),
                          ErrorReason::CheckOutNotCheckedIn);
    if (outcome == QLatin1String("BALANCE_CHANGED"))
        return withReason(makeError(ErrorCode::Conflict,
                                    QStringLiteral("The balance changed to %1 (in minor units) while the guest was "
                                                   "paying; nothing was changed.")
                                        .arg(balance)),
                          ErrorReason::FolioBalanceChanged);
    if (outcome == QLatin1String("NEEDS_PAYMENT"))
        return withReason(
            makeError(ErrorCode::BadInput, QStringLiteral("Take the payment of the balance, then check out.")),
            ErrorReason::FolioNeedsPayment);
    if (outcome == QLatin1String("NOTHING_OWED"))
        return withReason(makeError(ErrorCode::Conflict,
                                    QStringLiteral("Nothing is owed for this stay on departure, "
                                                   "so no payment was taken. Nothing was changed.")),
                          ErrorReason::CheckOutNothingOwed);
    if (outcome == QLatin1String("SHORT_CASH"))
        return withReason(
            makeError(ErrorCode::BadInput, QStringLiteral("The cash handed over is less than the amount due.")),
            ErrorReason::CashShort);
    if (outcome == QLatin1String("BAD_PAYMENT"))
        return withReason(makeError(ErrorCode::BadInput,
                                    QStringLiteral("Type or scan the card terminal's reference before settling.")),
                          ErrorReason::CardReferenceMissing);
    return stayUnknown(stay);
}

} // namespace boxoffice
