#include "domain/admissionwaitingroom.h"

#include <QMutexLocker>
#include <QRandomGenerator>

#include <cmath>

namespace boxoffice {

WaitingRoom::WaitingRoom(WaitingRoomStore &store, const AdmissionSigner &signer) : m_store(store), m_signer(signer) { }

double WaitingRoom::drawScore()
{
    // 53 random bits: every double in [0,1) a generator of this width can reach, none of them 1.
    return double(QRandomGenerator::system()->generate64() >> 11) / double(quint64(1) << 53);
}

double WaitingRoom::estimatedWait(const QueueStanding &standing, double rate, qint64 msUntilDraw)
{
    if (standing.admitted())
        return 0;
    const double ahead = double(qMax<qint64>(0, standing.position - standing.admittedUpTo));
    const double perSecond = rate > 0 ? rate : 1;
    return double(qMax<qint64>(0, msUntilDraw)) / 1000.0 + ahead / perSecond;
}

Result<QueueTicket> WaitingRoom::join(const OnSale &sale, qint64 nowMs)
{
    return join(sale, nowMs, AdmissionSigner::newVisitorId());
}

Result<QueueTicket> WaitingRoom::join(const OnSale &sale, qint64 nowMs, const QString &visitor)
{
    QueueTicket joined;
    joined.visitor = visitor;
    joined.drawn = nowMs < sale.drawClosesAt.toMSecsSinceEpoch();
    const std::optional<double> score = joined.drawn ? std::optional<double>(drawScore()) : std::nullopt;
    if (auto status = m_store.join(sale.event, joined.visitor, score); !status)
        return status.error();
    joined.ticket = m_signer.issueTicket(sale.event, joined.visitor);
    return joined;
}

Result<qint64> WaitingRoom::admittedUpTo(const OnSale &sale, double rate, qint64 nowMs)
{
    const qint64 drawCloses = sale.drawClosesAt.toMSecsSinceEpoch();
    if (nowMs < drawCloses)
        return 0;
    bool first = false;
    {
        QMutexLocker lock(&m_mutex);
        first = !m_started.contains(sale.event);
        m_started.insert(sale.event);
    }
    // The admitter's clock starts when the draw closes, not when somebody first asks: this process's
    // first call marks that moment (a no-op when another server or call already went past it).
    if (first) {
        if (auto marked = m_store.advance(sale.event, rate, drawCloses); !marked)
            return marked.error();
    }
    return m_store.advance(sale.event, rate, nowMs);
}

Result<QueueView> WaitingRoom::standing(const OnSale &sale, const QString &visitor, double rate, qint64 nowMs)
{
    auto position = m_store.position(sale.event, visitor);
    if (!position)
        return position.error();
    auto admitted = admittedUpTo(sale, rate, nowMs);
    if (!admitted)
        return admitted.error();
    auto length = m_store.length(sale.event);
    if (!length)
        return length.error();
    QueueView view;
    view.standing.position = position.value();
    view.standing.admittedUpTo = admitted.value();
    view.standing.drawPending = nowMs < sale.drawClosesAt.toMSecsSinceEpoch();
    view.length = length.value();
    view.ratePerSecond = rate;
    view.estimatedWaitSeconds = estimatedWait(view.standing, rate, sale.drawClosesAt.toMSecsSinceEpoch() - nowMs);
    return view;
}

Result<Admission> WaitingRoom::admit(const OnSale &sale, const QString &visitor, BuyerId buyer, double rate,
                                     qint64 nowMs)
{
    if (buyer <= 0)
        return makeError(ErrorCode::PermissionDenied, QStringLiteral("Sign in before you are admitted."));
    auto view = standing(sale, visitor, rate, nowMs);
    if (!view)
        return view.error();
    if (!view->standing.admitted()) {
        DomainError error = makeError(ErrorCode::Conflict,
                                      QStringLiteral("Not your turn yet: place %1, admitted up to %2.")
                                          .arg(view->standing.position)
                                          .arg(view->standing.admittedUpTo));
        error.reason = QString::fromLatin1(ErrorReason::QueueNotAdmitted);
        return error;
    }
    Admission admission;
    admission.expiresAtMs = nowMs + qint64(qMax(1, sale.tokenSeconds)) * 1000;
    admission.token = m_signer.issueToken(sale.event, buyer, admission.expiresAtMs);
    return admission;
}

} // namespace boxoffice
