#include "amqp/amqplink.h"

#include "amqp/amqplogging.h"

namespace boxoffice {

AmqpLink::AmqpLink(AmqpUrl url, QString role, QString meanwhile, SetUp setUp)
    : m_url(std::move(url)), m_role(role), m_setUp(std::move(setUp)), m_backoff(std::move(role), std::move(meanwhile))
{ }

AmqpLink::~AmqpLink() = default;

AmqpConnection *AmqpLink::get()
{
    if (m_connection)
        return m_connection.get();
    if (!m_backoff.due())
        return nullptr;
    const QString what = QStringLiteral("RabbitMQ at %1").arg(m_url.redacted());
    auto opened = AmqpConnection::open(m_url, QStringLiteral("boxoffice %1").arg(m_role));
    if (!opened) {
        m_backoff.failed(what, opened.error().message);
        return nullptr;
    }
    if (auto ready = m_setUp(*opened.value()); !ready) {
        m_backoff.failed(what, ready.error().message);
        return nullptr;
    }
    m_connection = std::move(opened).value();
    if (!m_everConnected)
        qCInfo(lcAmqp).noquote() << QStringLiteral("%1: connected to %2.").arg(m_role, what);
    m_everConnected = true;
    m_backoff.succeeded(what);
    return m_connection.get();
}

void AmqpLink::drop(const DomainError &error)
{
    m_connection.reset();
    m_backoff.failed(QStringLiteral("RabbitMQ at %1").arg(m_url.redacted()), error.message);
}

} // namespace boxoffice
