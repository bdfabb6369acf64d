#pragma once

#include "domain/cartitems.h"
#include "domain/payments.h"

#include <QDate>
#include <QStringList>
#include <QVector>

namespace boxoffice {

// Where a checkout stands, as recorded in the database: each saga step is a row, so a crash resumes
// from what was written, never from memory.
struct PaymentRecord
{
    qint64 id = 0;
    OrderId order = 0;
    QString provider;
    QString idempotencyKey;
    QString providerPaymentId;
    Money amount;
    PaymentState state = PaymentState::Charging; // Charging: asked, no answer recorded
    CartId cart;
    QString paymentMethod; // the card the buyer named for the cart ("pm_..."); empty: the account's default
};

struct RefundRecord
{
    qint64 id = 0;
    OrderId order = 0;
    QString idempotencyKey;
    QString providerPaymentId; // empty: money taken at the counter, given back there
    Money amount;
    QString reason;
    bool atCounter = false; // money taken at the counter: handed back there, recorded as done
};

// What settling a successful charge did: units sold, units replaced by equivalents, units that could
// not be delivered (refund due, and a case for staff).
struct Settlement
{
    OrderId order = 0;
    bool alreadySettled = false;
    QVector<OrderLine> sold;
    QVector<OrderLine> replaced; // lost, then re-claimed as an equivalent unit (same event and price band)
    QVector<OrderLine> refunded; // lost with no equivalent: refund due, compensation recorded
    Money refundDue;
};

// Applied: the event changed what it should; Duplicate: seen before; Ignored: nothing to do (not a
// payment event of ours); Rejected: it contradicts the payment (amount, currency or intent id), so it
// changed nothing and is kept for the audit.
enum class InboxOutcome { Applied, Duplicate, Ignored, Rejected };

// One line of an order, by shape: a seat's unit id, a GA hold id, a stay id or a table booking id.
struct OrderItemRef
{
    ItemKind kind = ItemKind::Seat;
    qint64 id = 0;
};

// "seat:5,ga:3,stay:4,slot:9" as typed by staff: BadInput for an unknown kind, a bad id or a repeat.
Result<QVector<OrderItemRef>> parseOrderItemRefs(const QString &text);

struct ReconcileCounts
{
    int confirmed = 0; // charged but not confirmed: confirmed now
    int cancelled = 0; // the provider never charged: order cancelled, holds released
    int expired = 0; // abandoned: holds ran out with no payment in flight
    int refunded = 0; // refunds carried out
    int stillUnknown = 0; // the provider could not say yet: left for the next run
    int strayCharges = 0; // the provider holds a charge no order can keep: refunded, case opened
    // Payments or orders a step failed for (the provider did not answer for one charge, one order's
    // confirmation failed): skipped this run, tried again next run; the rest went on.
    int failed = 0;
    QStringList failures; // what failed, one line each, for the log
    int total() const { return confirmed + cancelled + expired + refunded + strayCharges; }
};

struct ReconcileDay
{
    QDate day;
    QString kind;
    int repaired = 0;
};

// The checkout saga's and reconciliation's view of the database. Every method is one short
// transaction with rows locked in a fixed order; none of them talks to the provider.
class CheckoutStore
{
public:
    virtual ~CheckoutStore() = default;

    // A PENDING order over what the cart holds, tagged with its channel and buyer.
    virtual Result<OrderSummary> openOrder(const CartId &cart, const QString &channel, const QString &buyer) = 0;
    // The cart's live order (pending, paid or guaranteed), or 0: a second checkout of a cart continues it.
    virtual Result<OrderId> liveOrder(const CartId &cart) = 0;
    // Records the charge about to be asked for (state CHARGING) and pins the order's units to it for
    // `pinSeconds` (no release from any channel, no expiry, no extension used) so the clock cannot run
    // out mid-charge. Every unit must still be held by the cart: otherwise nothing is charged, the
    // order is cancelled and the answer (Conflict) names what is gone. A second call for the same
    // order returns the same record.
    virtual Result<PaymentRecord> beginCharge(OrderId order, const QString &provider, const QString &idempotencyKey,
                                              int pinSeconds)
        = 0;
    // Permission to send the charge request once more: a conditional write that fails (0) once the
    // payment is decided or its key was closed, and that records the latest moment this request may
    // still reach the provider (`windowSeconds` from now, on the database's clock). The answer numbers
    // the attempt.
    virtual Result<int> permitSend(qint64 payment, int windowSeconds) = 0;
    // The provider answered attempt `attempt`: unless another attempt was permitted since, nothing sent
    // under the key can still be on its way.
    virtual Status sendAnswered(qint64 payment, int attempt) = 0;
    // No new permission to send after this. True when no permitted request can still reach the
    // provider, so "the provider has no charge under this key" is final.
    virtual Result<bool> closeKey(qint64 payment) = 0;
    // Units of orders whose charge is still CHARGING or UNKNOWN stay pinned while the provider cannot say.
    virtual Result<int> repinPaymentsInFlight(int pinSeconds) = 0;
    // The payment recorded under this provider payment id or idempotency key, if any (id 0 when none).
    virtual Result<PaymentRecord> paymentForCharge(const ProviderCharge &charge) = 0;
    // A charge the provider holds that no payment of ours records (made under a key whose order ended,
    // or never recorded): kept as a stray charge with the refund due. Idempotent by provider id.
    virtual Result<bool> recordStrayCharge(const ProviderCharge &charge, const QString &why) = 0;
    // Stray charges whose refund is still due (provider payment id, amount), and the refund's outcome.
    virtual Result<QVector<ProviderCharge>> strayRefundsDue() = 0;
    virtual Status recordStrayRefund(const QString &providerPaymentId, const RefundOutcome &outcome) = 0;
    // The provider's answer. Unknown keeps everything as it is; Declined cancels the order and
    // releases its holds in the same transaction.
    virtual Status recordChargeOutcome(qint64 payment, const ChargeOutcome &outcome) = 0;
    // For a SUCCEEDED payment: confirm the order (units SOLD, order PAID), re-claim equivalents for
    // units lost after expiry, record a refund and a compensation case for what is still missing, and
    // write the "payment-confirmed" outbox row. Idempotent.
    virtual Result<Settlement> settlePaidOrder(OrderId order) = 0;

    // The webhook's transaction: the provider's event id into the inbox (a repeat changes nothing),
    // then the same effect as recordChargeOutcome (+ settlePaidOrder for a success).
    virtual Result<InboxOutcome> applyPaymentEvent(const QString &provider, const PaymentEvent &event) = 0;

    virtual Result<PaymentRecord> payment(qint64 payment) = 0;
    virtual Result<QVector<PaymentRecord>> paymentsToResolve(int olderThanSeconds) = 0; // CHARGING or UNKNOWN
    virtual Result<QVector<PaymentRecord>> paidButUnsettled() = 0; // SUCCEEDED, order still PENDING
    virtual Result<QVector<RefundRecord>> refundsDue() = 0;
    virtual Status recordRefundOutcome(qint64 refund, const RefundOutcome &outcome) = 0;
    // PENDING orders whose holds have all run out with no charge in flight: EXPIRED, nothing released
    // by hand (expired holds are free already). Returns how many.
    virtual Result<int> expireAbandonedOrders() = 0;
    virtual Status countRepairs(const ReconcileCounts &counts) = 0;
    // A manager's refund of sold units of a PAID order, any shape (all when `items` is empty): the units
    // go back on sale through conditional writes, the lines become REFUNDED, a refund row is due (online) or
    // done (money given back at the counter), and the order becomes REFUNDED once nothing is left.
    virtual Result<RefundRecord> refundUnits(OrderId order, const QVector<OrderItemRef> &items, const QString &reason)
        = 0;
    virtual Result<QVector<ReconcileDay>> repairReport(int days) = 0;
};

} // namespace boxoffice
