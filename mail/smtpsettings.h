#pragma once

#include "domain/result.h"

#include <QString>

namespace boxoffice {

// Where mail goes: an smtp:// (STARTTLS when the relay offers it) or smtps:// URL without a password,
// the sign-in from the environment (never the command line), and the sender.
struct SmtpSettings
{
    QString url; // smtp://relay.example.org:587
    QString user; // BOXOFFICE_SMTP_USER; empty: no sign-in
    QString password; // BOXOFFICE_SMTP_PASSWORD
    QString from; // "Box Office <boxoffice@example.org>"
    bool requireTls = false; // refuse a relay that offers no TLS (for a relay that is not on loopback)
    int timeoutSeconds = 30;

    // Checks the URL's scheme and shape, that it carries no password, and that `from` is an address.
    Status check() const;
    // The URL and sender given (an option, else BOXOFFICE_SMTP_URL and BOXOFFICE_MAIL_FROM), with the
    // sign-in from the environment. Empty url: no relay configured.
    static SmtpSettings fromEnvironment(const QString &url, const QString &from);
};

} // namespace boxoffice
