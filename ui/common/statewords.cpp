#include "ui/common/statewords.h"

#include <QCoreApplication>

namespace boxoffice {

QString orderStateWords(OrderState state)
{
    switch (state) {
    case OrderState::Pending:
        return QCoreApplication::translate("StateWords", "pending", "order state");
    case OrderState::Paid:
        return QCoreApplication::translate("StateWords", "paid", "order state");
    case OrderState::Guaranteed:
        return QCoreApplication::translate("StateWords", "guaranteed", "order state");
    case OrderState::Expired:
        return QCoreApplication::translate("StateWords", "expired", "order state");
    case OrderState::Cancelled:
        return QCoreApplication::translate("StateWords", "cancelled", "order state");
    case OrderState::Refunded:
        return QCoreApplication::translate("StateWords", "refunded", "order state");
    }
    return orderStateName(state).toLower();
}

QString lineStateWords(LineState state)
{
    switch (state) {
    case LineState::Pending:
        return QCoreApplication::translate("StateWords", "pending", "order line state");
    case LineState::Sold:
        return QCoreApplication::translate("StateWords", "sold", "order line state");
    case LineState::Lost:
        return QCoreApplication::translate("StateWords", "lost", "order line state: went to another buyer");
    case LineState::Released:
        return QCoreApplication::translate("StateWords", "released", "order line state");
    case LineState::Replaced:
        return QCoreApplication::translate("StateWords", "replaced", "order line state: exchanged");
    case LineState::Refunded:
        return QCoreApplication::translate("StateWords", "refunded", "order line state");
    case LineState::Cancelled:
        return QCoreApplication::translate("StateWords", "cancelled", "order line state");
    }
    return lineStateName(state).toLower();
}

QString refundStateWords(RefundState state)
{
    switch (state) {
    case RefundState::Due:
        return QCoreApplication::translate("StateWords", "due", "refund state");
    case RefundState::Succeeded:
        return QCoreApplication::translate("StateWords", "paid out", "refund state");
    case RefundState::Failed:
        return QCoreApplication::translate("StateWords", "failed", "refund state");
    }
    return refundStateName(state).toLower();
}

QString staffRoleWords(StaffRole role)
{
    return role == StaffRole::Manager ? QCoreApplication::translate("StateWords", "manager")
                                      : QCoreApplication::translate("StateWords", "clerk");
}

QString overbookingWords(OverbookingAction action)
{
    switch (action) {
    case OverbookingAction::Move:
        return QCoreApplication::translate("StateWords", "move", "overbooking: to another room type");
    case OverbookingAction::Upgrade:
        return QCoreApplication::translate("StateWords", "upgrade", "overbooking");
    case OverbookingAction::Walk:
        break;
    }
    return QCoreApplication::translate("StateWords", "walk", "overbooking: to a partner hotel");
}

QString refusalWords(DoorRefusal refusal)
{
    switch (refusal) {
    case DoorRefusal::None:
        return QString();
    case DoorRefusal::Refunded:
        return QCoreApplication::translate("StateWords", "refunded", "door refusal");
    case DoorRefusal::Cancelled:
        return QCoreApplication::translate("StateWords", "cancelled", "door refusal");
    case DoorRefusal::NotPaid:
        return QCoreApplication::translate("StateWords", "not paid", "door refusal");
    case DoorRefusal::Exchanged:
        return QCoreApplication::translate("StateWords", "exchanged for another seat", "door refusal");
    case DoorRefusal::OtherEvent:
        return QCoreApplication::translate("StateWords", "for another event", "door refusal");
    }
    return QString();
}

QString matchWords(OrderMatch match)
{
    switch (match) {
    case OrderMatch::OrderNumber:
        return QCoreApplication::translate("StateWords", "order number");
    case OrderMatch::TicketCode:
        return QCoreApplication::translate("StateWords", "ticket code");
    case OrderMatch::BuyerName:
        return QCoreApplication::translate("StateWords", "buyer name");
    case OrderMatch::GuestName:
        return QCoreApplication::translate("StateWords", "guest name");
    case OrderMatch::CardReference:
        return QCoreApplication::translate("StateWords", "card terminal reference");
    }
    return QString();
}

QString changeWords(const QuoteChange &change)
{
    const QString comma = QStringLiteral(", ");
    QStringList parts;
    if (!change.added.isEmpty())
        parts << QCoreApplication::translate("StateWords", "%1 added").arg(change.added.join(comma));
    if (!change.gone.isEmpty())
        parts << QCoreApplication::translate("StateWords", "%1 no longer held").arg(change.gone.join(comma));
    if (!change.repriced.isEmpty())
        parts << QCoreApplication::translate("StateWords", "%1 at a new price").arg(change.repriced.join(comma));
    if (parts.isEmpty() && change.totalOrCurrency)
        parts << QCoreApplication::translate("StateWords", "the total changed");
    return parts.join(QStringLiteral("; "));
}

} // namespace boxoffice
