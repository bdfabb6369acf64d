#pragma once

#include "domain/domainerror.h"

#include <QMap>
#include <QString>
#include <QStringList>

#include <array>
#include <initializer_list>
#include <mutex>

namespace boxoffice::test {

// The operations of the mix. Each checkout-like operation fills a fresh cart first.
enum class Op {
    Browse, // holds of any shape into a cart that is then left alone (its holds run out)
    Checkout,
    Decline, // the provider declines the next charge
    Hang, // ... answers after the client gave up (the money moved)
    Error500Before, // ... answers 500 before charging
    Error500After, // ... answers 500 after charging
    DoubleClick, // two checkouts of one cart at once, each on its own connection
    CancelDuringCheckout, // the cart given back while it is being checked out
    Resume, // a pending order retried, or a checked-out cart checked out again
    CtlCheckout, // boxoffice-ctl checkout, run to its end
    CtlPauseKill, // ... stopped at a saga step and killed there
    CtlRandomKill, // ... killed at a random moment
    Release,
    Extend,
    Refund, // a manager's refund, whole or partial, any shape
    MoveStay,
    Overbooking, // a manager's move, upgrade or walk of a booked stay
    Reconcile,
    Webhooks, // duplicated, delayed, held back, reordered or flushed
    ClerkRefused, // a clerk tries a manager's refund or walk
    StrayCharge, // a charge under this shop's key prefix that no order records
    LateAnswer, // the charge's answer lost, its webhook held back, its units taken meanwhile
    Count
};

constexpr int opCount = int(Op::Count);
QString opName(Op op);

// What one operation came to: done, refused as the product may refuse (with the reason), or failed
// (an error no caller should ever see: Internal, a crash, a broken promise).
struct OpOutcome
{
    enum class Kind { Done, Refused, Failed };
    Kind kind = Kind::Done;
    QString reason; // refusals: "lost", "conflict", ...; failures: what went wrong
    QString note; // an optional detail counted by name ("paid", "declined", "killed at charge-started")
    qint64 order = 0; // the order a checkout answered with, if any

    static OpOutcome done(const QString &note = {}, qint64 order = 0) { return {Kind::Done, {}, note, order}; }
    static OpOutcome refused(const QString &reason) { return {Kind::Refused, reason, {}, 0}; }
    static OpOutcome failed(const QString &why) { return {Kind::Failed, why, {}, 0}; }
};

// An error the product returned: a refusal when its code is one the caller expects here (Lost,
// Conflict, LimitReached, NotFound and Busy always; more when given), else a failure.
OpOutcome classify(const DomainError &error, std::initializer_list<ErrorCode> alsoExpected = {});

// Counters shared by every thread, bounded whatever the run's length: per operation, per refusal
// reason, per note, and the first failures in full.
class ChaosStats
{
public:
    static constexpr int keptFailures = 40;

    void record(int worker, int opNumber, Op op, const OpOutcome &outcome);
    // Something observed outside an operation (a webhook delivery, the settling phase).
    void note(const QString &what);
    void failure(const QString &where, const QString &what);

    int failures() const;
    int refusals() const;
    QStringList failureLines() const;
    QStringList summaryLines() const;

private:
    mutable std::mutex m_mutex;
    std::array<int, opCount> m_done{};
    std::array<int, opCount> m_refused{};
    std::array<int, opCount> m_failed{};
    QMap<QString, int> m_refusals; // "op: reason"
    QMap<QString, int> m_notes;
    QStringList m_failureLines;
    int m_failureCount = 0;
};

} // namespace boxoffice::test
