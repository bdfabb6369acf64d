#pragma once

#include "storage/connectionsettings.h"

#include <QObject>

class QThread;

namespace boxoffice {

// Asks "does the server answer?" without blocking the caller: a throwaway connection is opened and
// closed in a thread of its own (DNS, TCP and the sign-in can each wait for seconds on a bad network),
// and the answer arrives as a queued signal in the caller's thread. A QSqlDatabase belongs to the
// thread that opened it, so the caller then opens its own connection, knowing the server is there.
class ConnectionProbe : public QObject
{
    Q_OBJECT
public:
    explicit ConnectionProbe(QObject *parent = nullptr);
    ~ConnectionProbe() override;

    // Ignored while a probe runs.
    void start(const ConnectionSettings &settings);
    bool running() const { return m_thread != nullptr; }

signals:
    // `reason` is the log's (driver text); say it to nobody.
    void finished(bool reached, const QString &reason);

private:
    QThread *m_thread = nullptr;
};

} // namespace boxoffice
