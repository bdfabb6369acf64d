#include "storage/connectionprobe.h"

#include "storage/databaseconnection.h"

#include <QPointer>
#include <QThread>

#include <memory>

namespace boxoffice {

ConnectionProbe::ConnectionProbe(QObject *parent) : QObject(parent) { }

ConnectionProbe::~ConnectionProbe()
{
    // A probe still waiting on the network is left to finish by itself: waiting here would block the
    // very thread it exists to keep free. It deletes itself; its answer goes nowhere.
    if (m_thread)
        m_thread->disconnect(this);
}

void ConnectionProbe::start(const ConnectionSettings &settings)
{
    if (m_thread)
        return;
    struct Answer
    {
        bool reached = false;
        QString reason;
    };
    auto answer = std::make_shared<Answer>();
    m_thread = QThread::create([settings, answer] {
        auto connection = DatabaseConnection::open(settings, QStringLiteral("probe"));
        answer->reached = connection.ok();
        if (!connection)
            answer->reason
                = connection.error().detail.isEmpty() ? connection.error().message : connection.error().detail;
    });
    m_thread->setObjectName(QStringLiteral("connection-probe"));
    connect(m_thread, &QThread::finished, m_thread, &QObject::deleteLater);
    connect(m_thread, &QThread::finished, this, [this, answer] {
        m_thread = nullptr;
        emit finished(answer->reached, answer->reason);
    });
    m_thread->start();
}

} // namespace boxoffice
