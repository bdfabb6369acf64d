#include "ui/common/errortext.h"

#include "ui/common/errortextreasons.h"

#include <QCoreApplication>
#include <QLocale>
#include <QRegularExpression>

#include <algorithm>

namespace boxoffice {

QString ErrorWording::fromTable(const DomainError &error, const Wording *begin, const Wording *end)
{
    const Wording *found
        = std::find_if(begin, end, [&error](const Wording &w) { return error.reason == QLatin1String(w.reason); });
    if (found == end)
        return QString();
    const QString text = QCoreApplication::translate("ErrorText", found->text);
    // One pass over the placeholders, so a value that itself reads "%1" (a table's name) stays as typed.
    static const QRegularExpression marker(QStringLiteral("%([1-9])"));
    QString filled;
    qsizetype from = 0;
    for (auto it = marker.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch match = it.next();
        const int index = match.captured(1).toInt() - 1;
        if (index >= error.args.size())
            return QString();
        filled += QStringView(text).mid(from, match.capturedStart() - from);
        filled += error.args.at(index);
        from = match.capturedEnd();
    }
    filled += QStringView(text).mid(from);
    return filled;
}

namespace {

const char *const internalText = QT_TRANSLATE_NOOP(
    "ErrorText", "Something unexpected went wrong. If it happens again, tell whoever runs the box office.");

QString listed(const QStringList &units)
{
    return QLocale().createSeparatedList(units);
}

QString reasonText(const DomainError &error)
{
    const QString &reason = error.reason;
    const auto is = [&reason](const char *key) { return reason == QLatin1String(key); };
    const int count = int(error.units.size());
    if (is(ErrorReason::CartEmpty))
        return QCoreApplication::translate(
            "ErrorText",
            "Nothing in this sale is held any more (the holds ran out or were released): take no payment.");
    if (is(ErrorReason::NoExtensionsLeft))
        return QCoreApplication::translate(
            "ErrorText", "These holds have used every extension allowed: sell them now or let them go.");
    if (is(ErrorReason::SeatTaken))
        return QCoreApplication::translate("ErrorText", "%n seat(s) just went to another buyer: %1. Nothing was held.",
                                           nullptr, count)
            .arg(listed(error.units));
    if (is(ErrorReason::SaleChanged))
        return QCoreApplication::translate(
            "ErrorText",
            "This sale changed after its total was shown. Nothing was charged and the holds are kept: "
            "show the buyer the new total.");
    if (is(ErrorReason::SaleLost))
        return QCoreApplication::translate("ErrorText",
                                           "Nothing could be sold: %1 went to other buyers. Take no payment.")
            .arg(listed(error.units));
    if (is(ErrorReason::Unpriced))
        return QCoreApplication::translate("ErrorText",
                                           "Something in the cart has no price; ask a manager to set one.");
    if (is(ErrorReason::MixedCurrencies))
        return QCoreApplication::translate("ErrorText", "The cart mixes currencies: sell each currency separately.");
    if (is(ErrorReason::OrderExists))
        return QCoreApplication::translate("ErrorText", "This cart is an order already: find it in the Orders tab.");
    if (is(ErrorReason::OrderNotPayable))
        return QCoreApplication::translate("ErrorText", "This order is no longer waiting for payment.");
    if (is(ErrorReason::PaymentInProgress))
        return QCoreApplication::translate(
            "ErrorText",
            "A payment for this is in progress, so nothing was released. Try again once the payment has "
            "an answer.");
    if (is(ErrorReason::CashShort))
        return QCoreApplication::translate("ErrorText", "The cash handed over is less than the amount due.");
    if (is(ErrorReason::CardReferenceMissing))
        return QCoreApplication::translate("ErrorText", "Type or scan the card terminal's reference first.");
    if (is(ErrorReason::GuaranteeRoomsOnly))
        return QCoreApplication::translate("ErrorText",
                                           "A card guarantee holds rooms only: take payment for the rest.");
    if (is(ErrorReason::GateMissing))
        return QCoreApplication::translate("ErrorText", "Name the gate this scanner is at, e.g. “Gate 2”.");
    if (is(ErrorReason::GateTooLong))
        return QCoreApplication::translate("ErrorText", "That gate name is too long.");
    if (is(ErrorReason::GateUnreadable))
        return QCoreApplication::translate("ErrorText", "The gate name has characters that cannot be shown.");
    if (is(ErrorReason::TicketUnknown))
        return QCoreApplication::translate("ErrorText", "No ticket with this code was ever issued.");
    if (is(ErrorReason::SignInRefused))
        return QCoreApplication::translate("ErrorText", "The user name or password is not right.");
    if (is(ErrorReason::RoomsFull))
        return QCoreApplication::translate(
            "ErrorText", "No room of this type is free on every one of those nights. Nothing was changed.");
    if (is(ErrorReason::OutsideCalendar))
        return QCoreApplication::translate("ErrorText",
                                           "Some of those nights are outside the hotel's bookable calendar.");
    if (is(ErrorReason::DatesReversed))
        return QCoreApplication::translate("ErrorText", "Check-out must be after check-in.");
    if (is(ErrorReason::CapacityBelowBooked))
        return QCoreApplication::translate("ErrorText",
                                           "Refused: more rooms are already booked on one of those nights.");
    if (is(ErrorReason::SearchTooShort))
        return QCoreApplication::translate("ErrorText",
                                           "Type at least two letters of the name, or the booking reference.");
    if (is(ErrorReason::StayNotBooked))
        return QCoreApplication::translate("ErrorText", "This stay is not a current booking: nothing to change.");
    if (is(ErrorReason::StayPaidNeedsManager))
        return QCoreApplication::translate(
            "ErrorText", "This stay was paid for: a manager cancels it, refunding it or keeping a fee.");
    if (is(ErrorReason::StayCheckedIn))
        return QCoreApplication::translate("ErrorText", "The guest has checked in: check the stay out instead.");
    if (is(ErrorReason::StayMoneyChanged))
        return QCoreApplication::translate(
            "ErrorText",
            "The stay's money changed since you looked (a payment, a refund or a new price). Look again; "
            "nothing was changed.");
    if (is(ErrorReason::StayPriceChanges))
        return QCoreApplication::translate(
            "ErrorText",
            "The price changes with this move: charge the difference, or a manager waives or refunds it. "
            "Nothing was changed.");
    if (is(ErrorReason::ReasonMissing))
        return QCoreApplication::translate(
            "ErrorText", "Say why: a refund, a fee or a waiver is recorded with its reason. Nothing was changed.");
    if (is(ErrorReason::FeeTooLarge))
        return QCoreApplication::translate(
            "ErrorText",
            "A cancellation fee is at most what was paid for the stay, and not negative. Nothing was changed.");
    if (is(ErrorReason::FeeNothingPaid))
        return QCoreApplication::translate("ErrorText", "Nothing was paid for this stay, so no fee can be kept.");
    for (auto area :
         {ErrorWording::hotelText, ErrorWording::frontDeskText, ErrorWording::stayMoneyText, ErrorWording::tableText,
          ErrorWording::tillText, ErrorWording::priceText, ErrorWording::guestText, ErrorWording::folioText,
          ErrorWording::groupBlockText, ErrorWording::rateText, ErrorWording::listsText, ErrorWording::roomText}) {
        if (QString worded = area(error); !worded.isEmpty())
            return worded;
    }
    return QString();
}

// The code's sentence, for an error without a (known) reason.
QString codeText(const DomainError &error)
{
    switch (error.code) {
    case ErrorCode::BadInput:
        return QCoreApplication::translate("ErrorText", "That was not accepted: check what was typed and try again.");
    case ErrorCode::NotFound:
        return QCoreApplication::translate("ErrorText", "That does not exist (any more): look it up again.");
    case ErrorCode::Lost:
        if (!error.units.isEmpty())
            return QCoreApplication::translate("ErrorText", "%n place(s) went to another buyer: %1.", nullptr,
                                               int(error.units.size()))
                .arg(listed(error.units));
        return QCoreApplication::translate("ErrorText", "Someone else was quicker: it is no longer available.");
    case ErrorCode::LimitReached:
        return QCoreApplication::translate("ErrorText", "A limit was reached: this cannot be done again.");
    case ErrorCode::Conflict:
        return QCoreApplication::translate("ErrorText",
                                           "This changed in the meantime and cannot be done now: look at it again.");
    case ErrorCode::PermissionDenied:
        return QCoreApplication::translate("ErrorText", "Your sign-in may not do this: ask a manager.");
    case ErrorCode::Busy:
        return QCoreApplication::translate("ErrorText", "The server was busy and nothing changed. Please try again.");
    case ErrorCode::Unavailable:
        return QCoreApplication::translate("ErrorText",
                                           "The server cannot be reached. Check the connection and try again.");
    case ErrorCode::SchemaMismatch:
        return QCoreApplication::translate(
            "ErrorText", "The database belongs to another version of the box office: ask whoever runs the server.");
    case ErrorCode::Internal:
        break;
    }
    return QCoreApplication::translate("ErrorText", internalText);
}

// The domain's messages are English sentences written for a clerk, naming more than a code can (seats,
// dates): the English desk shows them. A translation words errors once it has translated internalText.
} // namespace

bool errorsAreTranslated()
{
    return QCoreApplication::translate("ErrorText", internalText) != QLatin1String(internalText);
}

QString errorText(const DomainError &error)
{
    if (!errorsAreTranslated() && !error.message.isEmpty())
        return error.message;
    const QString worded = error.reason.isEmpty() ? QString() : reasonText(error);
    return worded.isEmpty() ? codeText(error) : worded;
}

} // namespace boxoffice
