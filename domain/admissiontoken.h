#pragma once

#include "domain/ids.h"

#include <QByteArray>
#include <QString>

#include <optional>

namespace boxoffice {

// Why a hold was refused its admission token. Each is named to the buyer (a 403 saying which), so
// a page can tell "go back to the queue" from "your pass ran out".
enum class AdmissionRefusal {
    Missing, // no token sent
    Forged, // not signed by this box office (or mangled, or an unknown version)
    Expired,
    OtherEvent, // a genuine token, for another event
    OtherBuyer, // a genuine token, issued to another buyer account
};

QString admissionRefusalCode(AdmissionRefusal refusal); // "admission_forged", ...
QString admissionRefusalMessage(AdmissionRefusal refusal);

// Signs and checks the two bearer strings of the waiting room, with one secret every web server of
// the box office shares:
// - an admission token (version, event, buyer, expiry): lets one buyer hold on one event until it
//   expires; checked on every hold with no database round trip;
// - a visitor ticket (event, visitor id): the waiting room's anonymous place, so nobody can guess
//   or forge another visitor's id and take their place.
// HMAC-SHA256 over the payload, both base64url; the signature is compared in constant time.
class AdmissionSigner
{
public:
    explicit AdmissionSigner(QByteArray secret);

    QByteArray issueToken(EventId event, BuyerId buyer, qint64 expiresAtMs) const;
    // Empty when the token lets `buyer` hold on `event` at `nowMs`; else why not.
    std::optional<AdmissionRefusal> verifyToken(const QByteArray &token, EventId event, BuyerId buyer,
                                                qint64 nowMs) const;

    QByteArray issueTicket(EventId event, const QString &visitor) const;
    // The visitor id the ticket carries for `event`, or empty when it is forged or for another event.
    std::optional<QString> verifyTicket(const QByteArray &ticket, EventId event) const;

    // A fresh, unguessable visitor id (128 bits from the system's CSPRNG, hex).
    static QString newVisitorId();
    // The one visitor id a buyer's sign-in has in an event's queue: an HMAC of the bearer token, so
    // joining again (another tab, a reload, a script) keeps the first place instead of drawing anew,
    // and the server needs no database to know it. Only the token's owner can redeem it (admission
    // signs in, and the ticket's id must be that sign-in's).
    QString visitorIdFor(EventId event, const QString &bearerToken) const;
    // A random secret for a server given none (32 bytes from the system's CSPRNG).
    static QByteArray randomSecret();

private:
    QByteArray sign(const QByteArray &purpose, const QByteArray &payload) const;
    std::optional<QByteArray> signedPayload(const QByteArray &purpose, const QByteArray &text) const;

    QByteArray m_secret;
};

} // namespace boxoffice
