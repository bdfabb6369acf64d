#pragma once

#include "domain/payments.h"
#include "mail/smtpsettings.h"
#include "storage/connectionsettings.h"

#include <QHostAddress>

#include <optional>

namespace boxoffice::ctl {

struct WorkerServiceOptions
{
    ConnectionSettings database;
    int intervalSeconds = 30;
    PaymentProvider *provider = nullptr; // none: no reconciling
    std::optional<SmtpSettings> smtp; // none: mail stays spooled
    bool pollOutbox = true; // false: RabbitMQ issues the tickets (AmqpWorker)
    // GET /metrics and /healthz on this address and port; port 0 with a null address: none.
    QHostAddress metricsAddress;
    quint16 metricsPort = 0;
};

// `boxoffice-ctl worker` as a service: passes of reconciliation, ticket issuing and mail, woken by
// the database when there is work and at least once an interval. It keeps going when a pass fails,
// reconnects by itself when the database goes away (and LISTENs again), tells systemd it is ready and
// alive (Type=notify, watchdog), and stops cleanly on SIGTERM or SIGINT, finishing the pass it is in.
// Returns the process's exit status.
int runWorkerService(const WorkerServiceOptions &options);

} // namespace boxoffice::ctl
