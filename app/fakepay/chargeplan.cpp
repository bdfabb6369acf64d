#include "chargeplan.h"

#include <QJsonArray>

namespace boxoffice::fakepay {

QString ChargePlan::configure(const QJsonObject &settings)
{
    QQueue<Step> steps;
    const QJsonValue next = settings.value(QStringLiteral("next"));
    if (!next.isUndefined() && !next.isArray())
        return QStringLiteral("next must be a list.");
    for (const QJsonValue &entry : next.toArray()) {
        const QString name = entry.toString();
        Step step;
        step.name = name;
        if (name == QLatin1String("succeed")) {
            step.behaviour = Behaviour::Succeed;
        } else if (name == QLatin1String("decline") || name.startsWith(QLatin1String("decline:"))) {
            step.behaviour = Behaviour::Decline;
            step.declineCode = name.section(QLatin1Char(':'), 1);
            if (step.declineCode.isEmpty())
                step.declineCode = QStringLiteral("generic_decline");
        } else if (name == QLatin1String("hang")) {
            step.behaviour = Behaviour::Hang;
        } else if (name == QLatin1String("slow")) {
            step.behaviour = Behaviour::Slow;
        } else if (name == QLatin1String("error500")) {
            step.behaviour = Behaviour::Error500;
        } else if (name == QLatin1String("error500_before")) {
            step.behaviour = Behaviour::Error500Before;
        } else if (name == QLatin1String("rate_limit")) {
            step.behaviour = Behaviour::RateLimit;
        } else {
            return QStringLiteral(
                       "Unknown behaviour \"%1\": use succeed, decline, decline:<code>, hang, slow, error500, "
                       "error500_before or rate_limit.")
                .arg(name.left(60));
        }
        steps.enqueue(step);
    }
    const QJsonValue slow = settings.value(QStringLiteral("slow_ms"));
    const QJsonValue hang = settings.value(QStringLiteral("hang_ms"));
    for (const QJsonValue &value : {slow, hang}) {
        if (!value.isUndefined() && (value.toInteger(-1) < 0 || value.toInteger() > maxHoldMs))
            return QStringLiteral("slow_ms and hang_ms are whole numbers from 0 to %1.").arg(maxHoldMs);
    }
    if (!next.isUndefined())
        m_steps = steps;
    if (!slow.isUndefined())
        m_slowMs = int(slow.toInteger());
    if (!hang.isUndefined())
        m_hangMs = int(hang.toInteger());
    return {};
}

ChargePlan::Step ChargePlan::next()
{
    return m_steps.isEmpty() ? Step{} : m_steps.dequeue();
}

QJsonObject ChargePlan::json() const
{
    QJsonArray next;
    for (const Step &step : m_steps)
        next.append(step.name);
    return {
        {QStringLiteral("next"), next},
        {QStringLiteral("slow_ms"), m_slowMs},
        {QStringLiteral("hang_ms"), m_hangMs},
    };
}

} // namespace boxoffice::fakepay
