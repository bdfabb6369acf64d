#pragma once

#include "domain/maildelivery.h"

#include <QByteArray>
#include <QString>

namespace boxoffice {

// The whole RFC 5322 message for a spooled mail: From, To, Subject (RFC 2047 when not plain ASCII),
// Date, a Message-ID of its own that a repeat keeps, and a MIME body of the text and the tickets' PDF
// (both base64, so no line of it can end the SMTP data or look like the boundary). Control
// characters in a header's text become spaces: nothing in a subject can add a header.
QByteArray composeMailMessage(const OutgoingMail &mail, const QString &from);

// The address inside "Name <address>", or the text itself.
QString bareAddress(const QString &from);

} // namespace boxoffice
