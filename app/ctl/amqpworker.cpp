#include "amqpworker.h"

#include "issuerloop.h"
#include "relayloop.h"

namespace boxoffice {

namespace {
// `--once` stops consuming after the queue has delivered nothing for this long.
constexpr int quietMs = 1500;
} // namespace

AmqpWorker::AmqpWorker(AmqpWorkerOptions options, ConnectionSettings database, TicketPdfRenderer render)
    : m_options(std::move(options)), m_database(std::move(database)), m_render(std::move(render))
{ }

AmqpWorker::~AmqpWorker()
{
    for (QThread *thread : {m_relay.get(), m_issuer.get()}) {
        if (thread)
            thread->requestInterruption();
    }
    for (QThread *thread : {m_relay.get(), m_issuer.get()}) {
        if (thread)
            thread->wait();
    }
}

void AmqpWorker::start()
{
    // Each loop is made on its own thread: the connections it opens belong to that thread.
    m_relay.reset(
        QThread::create([options = m_options, database = m_database] { RelayLoop(options, database).run(); }));
    m_relay->setObjectName(QStringLiteral("outbox relay"));
    m_issuer.reset(QThread::create([options = m_options, database = m_database, render = m_render] {
        IssuerLoop(options, database, render).run();
    }));
    m_issuer->setObjectName(QStringLiteral("ticket issuer"));
    m_relay->start();
    m_issuer->start();
}

Result<AmqpPassFigures> AmqpWorker::runOnce()
{
    AmqpPassFigures figures;
    {
        RelayLoop relay(m_options, m_database);
        auto published = relay.round();
        if (!published)
            return published.error();
        figures.published = published->published;
    }
    IssuerLoop issuer(m_options, m_database, m_render);
    for (;;) {
        auto stepped = issuer.step(quietMs);
        if (!stepped)
            return stepped.error();
        if (!stepped.value())
            return figures;
        const TicketVerdict &verdict = *stepped.value();
        if (verdict.action != TicketVerdict::Action::Ack)
            ++figures.rejected;
        else if (verdict.issuedNow)
            ++figures.issued;
        else
            ++figures.alreadyIssued;
    }
}

} // namespace boxoffice
