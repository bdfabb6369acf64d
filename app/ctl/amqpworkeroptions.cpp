#include "amqpworkeroptions.h"

namespace boxoffice {

Result<std::optional<AmqpWorkerOptions>> AmqpWorkerOptions::resolve(const QString &commandLine,
                                                                    const QString &fromSettings)
{
    const bool fromCommandLine = !commandLine.trimmed().isEmpty();
    const QString text = fromCommandLine ? commandLine : fromSettings;
    if (text.trimmed().isEmpty())
        return std::optional<AmqpWorkerOptions>();
    auto url = AmqpUrl::parse(text);
    if (!url)
        return url.error();
    if (fromCommandLine && url->passwordGiven)
        return makeError(ErrorCode::BadInput,
                         QStringLiteral("The RabbitMQ URL given with --amqp carries a password, which every user of "
                                        "this machine can read in the process list. Put the URL in "
                                        "BOXOFFICE_AMQP_URL or in the settings file instead."));
    AmqpWorkerOptions options;
    options.url = url.value();
    if (const QString republish = qEnvironmentVariable("BOXOFFICE_AMQP_REPUBLISH_SECONDS"); !republish.isEmpty()) {
        bool ok = false;
        const int seconds = republish.toInt(&ok);
        if (!ok || seconds < 1)
            return makeError(
                ErrorCode::BadInput,
                QStringLiteral("BOXOFFICE_AMQP_REPUBLISH_SECONDS must be a whole number of seconds, 1 or more."));
        options.republishAfterSeconds = seconds;
    }
    return std::optional<AmqpWorkerOptions>(options);
}

} // namespace boxoffice
