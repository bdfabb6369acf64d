#include "chaosstats.h"

namespace boxoffice::test {

QString opName(Op op)
{
    static const char *const names[]
        = {"browse",       "checkout",        "decline",      "hang",         "500-before",     "500-after",
           "double-click", "cancel-checkout", "resume",       "ctl-checkout", "ctl-pause-kill", "ctl-random-kill",
           "release",      "extend",          "refund",       "move-stay",    "overbooking",    "reconcile",
           "webhooks",     "clerk-refused",   "stray-charge", "late-answer"};
    static_assert(sizeof names / sizeof *names == opCount, "one name per operation");
    return QLatin1String(names[int(op)]);
}

OpOutcome classify(const DomainError &error, std::initializer_list<ErrorCode> alsoExpected)
{
    bool expected = false;
    for (const ErrorCode code :
         {ErrorCode::Lost, ErrorCode::Conflict, ErrorCode::LimitReached, ErrorCode::NotFound, ErrorCode::Busy})
        expected = expected || error.code == code;
    for (const ErrorCode code : alsoExpected)
        expected = expected || error.code == code;
    if (expected)
        return OpOutcome::refused(errorCodeName(error.code));
    return OpOutcome::failed(
        QStringLiteral("%1: %2 [%3 %4]").arg(errorCodeName(error.code), error.message, error.sqlState, error.detail));
}

void ChaosStats::record(int worker, int opNumber, Op op, const OpOutcome &outcome)
{
    std::lock_guard lock(m_mutex);
    const int index = int(op);
    switch (outcome.kind) {
    case OpOutcome::Kind::Done:
        ++m_done[index];
        break;
    case OpOutcome::Kind::Refused:
        ++m_refused[index];
        ++m_refusals[opName(op) + QStringLiteral(": ") + outcome.reason];
        break;
    case OpOutcome::Kind::Failed:
        ++m_failed[index];
        ++m_failureCount;
        if (m_failureLines.size() < keptFailures)
            m_failureLines
                << QStringLiteral("worker %1 op %2 (%3): %4").arg(worker).arg(opNumber).arg(opName(op), outcome.reason);
        break;
    }
    if (!outcome.note.isEmpty())
        ++m_notes[opName(op) + QStringLiteral(": ") + outcome.note];
}

void ChaosStats::note(const QString &what)
{
    std::lock_guard lock(m_mutex);
    ++m_notes[what];
}

void ChaosStats::failure(const QString &where, const QString &what)
{
    std::lock_guard lock(m_mutex);
    ++m_failureCount;
    if (m_failureLines.size() < keptFailures)
        m_failureLines << where + QStringLiteral(": ") + what;
}

int ChaosStats::failures() const
{
    std::lock_guard lock(m_mutex);
    return m_failureCount;
}

int ChaosStats::refusals() const
{
    std::lock_guard lock(m_mutex);
    int total = 0;
    for (const int refused : m_refused)
        total += refused;
    return total;
}

QStringList ChaosStats::failureLines() const
{
    std::lock_guard lock(m_mutex);
    QStringList lines = m_failureLines;
    if (m_failureCount > m_failureLines.size())
        lines << QStringLiteral("... and %1 more").arg(m_failureCount - m_failureLines.size());
    return lines;
}

QStringList ChaosStats::summaryLines() const
{
    std::lock_guard lock(m_mutex);
    QStringList lines;
    lines << QStringLiteral("ops by kind (done / refused / failed):");
    for (int i = 0; i < opCount; ++i)
        lines << QStringLiteral("  %1 %2 / %3 / %4")
                     .arg(opName(Op(i)).leftJustified(16))
                     .arg(m_done[i])
                     .arg(m_refused[i])
                     .arg(m_failed[i]);
    lines << QStringLiteral("refusals by kind:");
    for (auto it = m_refusals.cbegin(); it != m_refusals.cend(); ++it)
        lines << QStringLiteral("  %1 %2").arg(it.key().leftJustified(40)).arg(it.value());
    lines << QStringLiteral("outcomes:");
    for (auto it = m_notes.cbegin(); it != m_notes.cend(); ++it)
        lines << QStringLiteral("  %1 %2").arg(it.key().leftJustified(40)).arg(it.value());
    return lines;
}

} // namespace boxoffice::test
