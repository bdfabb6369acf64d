#include "ledger.h"

namespace boxoffice::fakepay {

PaymentIntent &Ledger::addIntent(const PaymentIntent &intent)
{
    m_intentIndex.insert(intent.id, m_intents.size());
    m_intents.append(intent);
    return m_intents.last();
}

Charge &Ledger::addCharge(const Charge &charge)
{
    m_chargeIndex.insert(charge.id, m_charges.size());
    m_charges.append(charge);
    return m_charges.last();
}

Refund &Ledger::addRefund(const Refund &refund)
{
    m_refundIndex.insert(refund.id, m_refunds.size());
    m_refunds.append(refund);
    return m_refunds.last();
}

PaymentIntent *Ledger::intent(const QString &id)
{
    const qsizetype at = intentPosition(id);
    return at < 0 ? nullptr : &m_intents[at];
}

const PaymentIntent *Ledger::intent(const QString &id) const
{
    const qsizetype at = intentPosition(id);
    return at < 0 ? nullptr : &m_intents.at(at);
}

Charge *Ledger::charge(const QString &id)
{
    const qsizetype at = chargePosition(id);
    return at < 0 ? nullptr : &m_charges[at];
}

const Charge *Ledger::charge(const QString &id) const
{
    const qsizetype at = chargePosition(id);
    return at < 0 ? nullptr : &m_charges.at(at);
}

const Refund *Ledger::refund(const QString &id) const
{
    const qsizetype at = m_refundIndex.value(id, -1);
    return at < 0 ? nullptr : &m_refunds.at(at);
}

} // namespace boxoffice::fakepay
