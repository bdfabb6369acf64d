#include "domain/ticket.h"

#include <QRegularExpression>

namespace boxoffice {

QString ticketQrPayload(const Ticket &ticket)
{
    return QStringLiteral("BOXOFFICE-TICKET:") + ticket.code;
}

QString ticketPlaceText(const Ticket &ticket)
{
    if (ticket.isStandingPlace())
        return QStringLiteral("Standing \u2014 %1").arg(ticket.sectionName);
    return ticket.seatLabel;
}

Result<QString> ticketCodeFromScan(const QString &scanned)
{
    static const QLatin1String prefix("BOXOFFICE-TICKET:");
    QString code = scanned.trimmed();
    if (code.startsWith(prefix, Qt::CaseInsensitive))
        code = code.mid(prefix.size());
    code = code.toLower();
    static const QRegularExpression uuid(
        QStringLiteral("^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$"));
    if (!uuid.match(code).hasMatch())
        return makeError(ErrorCode::BadInput, QStringLiteral("That is not a box-office ticket code."));
    return code;
}

} // namespace boxoffice
