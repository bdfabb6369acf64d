#pragma once

#include "amqp/amqpurl.h"

#include <optional>

namespace boxoffice {

// How the worker uses RabbitMQ, when it does.
struct AmqpWorkerOptions
{
    AmqpUrl url;
    int prefetch = 10; // deliveries the issuer holds unacknowledged at once
    int batch = 200; // events the relay publishes and confirms together
    // An event the broker confirmed this long ago and still not processed is published again
    // (BOXOFFICE_AMQP_REPUBLISH_SECONDS; tests shorten it).
    int republishAfterSeconds = 300;

    // The broker to use: `commandLine` (--amqp), else `fromSettings` (the settings file's [amqp] url or
    // BOXOFFICE_AMQP_URL, config/servicesettings.h); none when neither is set (the worker then polls the
    // outbox in PostgreSQL, as without RabbitMQ). A password on the command line is refused: every user
    // of the machine can read a process's arguments.
    static Result<std::optional<AmqpWorkerOptions>> resolve(const QString &commandLine, const QString &fromSettings);
};

} // namespace boxoffice
