#include "domain/ticket.h"

namespace boxoffice {

QString ticketQrPayload(const Ticket &ticket)
{
    return QStringLiteral("BOXOFFICE-TICKET:") + ticket.code;
}

} // namespace boxoffice
