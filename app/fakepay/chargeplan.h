#pragma once

#include <QJsonObject>
#include <QQueue>
#include <QString>

namespace boxoffice::fakepay {

// What the next charges do, as a test plans it through /control/behaviour: each charge (a confirm)
// takes the next entry, and once the queue is empty charges succeed. The misbehaviours are a real
// provider's: a decline, an answer late or never, a 500 after the money moved (kept for the key, as
// Stripe keeps it) or before anything happened (nothing kept), a 429.
class ChargePlan
{
public:
    enum class Behaviour { Succeed, Decline, Hang, Slow, Error500, Error500Before, RateLimit };
    struct Step
    {
        Behaviour behaviour = Behaviour::Succeed;
        QString declineCode; // "decline:insufficient_funds"; plain "decline" is generic_decline
        QString name = QStringLiteral("succeed"); // as the control request spelled it
    };

    static constexpr int maxHoldMs = 10 * 60 * 1000;

    // {"next": ["succeed", "decline:insufficient_funds", "hang", ...], "slow_ms": n, "hang_ms": n}; fields
    // left out stay as they were, a "next" replaces the queue. Returns a problem, empty when applied.
    QString configure(const QJsonObject &settings);
    Step next();
    int slowMs() const { return m_slowMs; }
    int hangMs() const { return m_hangMs; }
    QJsonObject json() const;

private:
    QQueue<Step> m_steps;
    int m_slowMs = 1500;
    int m_hangMs = 30000;
};

} // namespace boxoffice::fakepay
