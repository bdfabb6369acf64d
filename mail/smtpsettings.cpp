#include "mail/smtpsettings.h"

#include "domain/maildelivery.h"
#include "domain/mailmessage.h"

#include <QUrl>

namespace boxoffice {

Status SmtpSettings::check() const
{
    const QUrl parsed(url, QUrl::StrictMode);
    if (!parsed.isValid() || (parsed.scheme() != QLatin1String("smtp") && parsed.scheme() != QLatin1String("smtps"))
        || parsed.host().isEmpty())
        return makeError(
            ErrorCode::BadInput,
            QStringLiteral("The mail relay is an smtp:// or smtps:// URL, e.g. smtp://relay.example.org:587."));
    if (!parsed.password().isEmpty())
        return makeError(ErrorCode::BadInput,
                         QStringLiteral("Give the mail relay's password in BOXOFFICE_SMTP_PASSWORD, "
                                        "not in its URL."));
    for (const QChar c : from) {
        if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            return makeError(ErrorCode::BadInput, QStringLiteral("The sender may not contain control characters."));
    }
    if (!MailDelivery::isAddress(bareAddress(from)))
        return makeError(ErrorCode::BadInput,
                         QStringLiteral("The sender must be an e-mail address, e.g. "
                                        "\"Box Office <boxoffice@example.org>\"."));
    return Done{};
}

SmtpSettings SmtpSettings::fromEnvironment(const QString &url, const QString &from)
{
    SmtpSettings settings;
    settings.url = url.isEmpty() ? qEnvironmentVariable("BOXOFFICE_SMTP_URL") : url;
    settings.from = from.isEmpty()
        ? qEnvironmentVariable("BOXOFFICE_MAIL_FROM", QStringLiteral("Box Office <boxoffice@localhost>"))
        : from;
    settings.user = qEnvironmentVariable("BOXOFFICE_SMTP_USER");
    settings.password = qEnvironmentVariable("BOXOFFICE_SMTP_PASSWORD");
    settings.requireTls = qEnvironmentVariableIntValue("BOXOFFICE_SMTP_REQUIRE_TLS") == 1;
    return settings;
}

} // namespace boxoffice
