#include "domain/folio.h"

#include "domain/allocation.h"

namespace boxoffice {

QString folioKindName(FolioKind kind)
{
    switch (kind) {
    case FolioKind::Minibar:
        return QStringLiteral("minibar");
    case FolioKind::Restaurant:
        return QStringLiteral("restaurant");
    case FolioKind::Parking:
        return QStringLiteral("parking");
    case FolioKind::Other:
        break;
    }
    return QStringLiteral("other");
}

std::optional<FolioKind> folioKindFromName(const QString &name)
{
    for (FolioKind kind : {FolioKind::Minibar, FolioKind::Restaurant, FolioKind::Parking, FolioKind::Other}) {
        if (folioKindName(kind) == name)
            return kind;
    }
    return std::nullopt;
}

QVector<FolioNight> Folio::nights() const
{
    // The ledger holds what the stay was sold for, not a price per night: spread over the nights in
    // proportion to their rates (a weekend night carries more), adding up to exactly what was billed.
    QVector<FolioNight> result;
    const qint64 count = checkIn.isValid() && checkOut > checkIn ? checkIn.daysTo(checkOut) : 0;
    if (count <= 0)
        return result;
    QVector<qint64> weights;
    weights.reserve(nightRates.size());
    for (const Money &rate : nightRates)
        weights << rate.minor();
    const QVector<qint64> parts = allocateByWeight(room.minor(), int(count), weights);
    for (int i = 0; i < parts.size(); ++i)
        result << FolioNight{checkIn.addDays(i), Money(parts.at(i), currency)};
    return result;
}

Money Folio::openCharges() const
{
    qint64 sum = 0;
    for (const FolioCharge &charge : charges) {
        if (charge.open())
            sum += charge.total().minor();
    }
    return Money(sum, currency);
}

Money Folio::chargesTotal() const
{
    qint64 sum = 0;
    for (const FolioCharge &charge : charges) {
        if (!charge.voided())
            sum += charge.total().minor();
    }
    return Money(sum, currency);
}

Money Folio::paid() const
{
    qint64 sum = 0;
    for (const FolioPayment &payment : payments)
        sum += payment.amount.minor();
    return Money(sum, currency);
}

namespace FolioRules {

Status checkCharge(const FolioChargeRequest &request)
{
    const QString description = request.description.trimmed();
    if (description.isEmpty() || description.size() > 200 || request.amount.minor() <= 0 || request.quantity < 1
        || request.quantity > 999)
        return withReason(makeError(ErrorCode::BadInput,
                                    QStringLiteral("A charge needs a description (at most 200 characters), an amount "
                                                   "above zero and a quantity from 1 to 999.")),
                          ErrorReason::FolioChargeIncomplete);
    for (const QChar c : description) {
        if (!c.isPrint())
            return withReason(
                makeError(ErrorCode::BadInput, QStringLiteral("The description holds unreadable characters.")),
                ErrorReason::FolioChargeIncomplete);
    }
    return Done{};
}

} // namespace FolioRules

FolioService::FolioService(FolioStore &store) : m_store(store) { }

Result<Folio> FolioService::folio(StayId stay)
{
    return m_store.folio(stay);
}

Result<FolioChargeId> FolioService::post(const FolioChargeRequest &request)
{
    if (auto checked = FolioRules::checkCharge(request); !checked)
        return checked.error();
    FolioChargeRequest clean = request;
    clean.description = request.description.trimmed();
    return m_store.post(clean);
}

Status FolioService::voidCharge(FolioChargeId charge, const QString &reason)
{
    if (reason.trimmed().isEmpty())
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("Say why the charge is voided.")),
                          ErrorReason::FolioVoidNeedsReason);
    return m_store.voidCharge(charge, reason.trimmed());
}

Result<FolioSettlement> FolioService::settleAndCheckOut(StayId stay, const Money &seenBalance,
                                                        const std::optional<CounterPayment> &payment)
{
    std::optional<CounterPayment> clean = payment;
    if (payment) {
        if (payment->method == PaymentMethod::Guarantee)
            return withReason(
                makeError(ErrorCode::BadInput, QStringLiteral("Settle a guarantee with cash or a card payment.")),
                ErrorReason::CheckOutCashOrCard);
        if (auto checked = CounterPaymentRules::check(*payment, seenBalance); !checked)
            return checked.error();
        clean->cardReference = payment->cardReference.trimmed();
    }
    auto settled = m_store.settleAndCheckOut(stay, seenBalance, clean);
    if (!settled && payment) {
        // The clerk may already hold the guest's money: say that none of it was taken.
        DomainError error = settled.error();
        error.message += QStringLiteral(" No payment was recorded: give back what the guest handed over.");
        return error;
    }
    return settled;
}

} // namespace boxoffice
