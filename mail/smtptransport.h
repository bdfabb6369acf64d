#pragma once

#include "domain/maildelivery.h"
#include "mail/smtpsettings.h"

namespace boxoffice {

// MailTransport over SMTP with libcurl: STARTTLS whenever the relay offers it (always, with
// requireTls), the certificate checked, the sign-in only over TLS unless the relay is on loopback.
// One per thread.
class SmtpTransport final : public MailTransport
{
public:
    explicit SmtpTransport(SmtpSettings settings);

    // A refusal for good is the relay's 5xx to the sender, a recipient or the data; everything else
    // (no connection, a timeout, 4xx, a failed sign-in the operator can fix) is for now.
    std::optional<MailRefusal> send(const QString &from, const QString &recipient, const QByteArray &message) override;

private:
    const SmtpSettings m_settings;
};

} // namespace boxoffice
