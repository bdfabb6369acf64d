#pragma once

#include "domain/frontdesk.h"
#include "domain/hotel.h"
#include "domain/result.h"

#include <QDateTime>
#include <QString>
#include <QVector>

namespace boxoffice {

using GuestId = qint64;

// What a clerk types about a guest at booking: the name is required, the rest optional.
struct GuestDetails
{
    QString name;
    QString email;
    QString phone;
    QString address;
};

// One guest as the hotel knows them across stays.
struct GuestProfile
{
    GuestId id = 0;
    GuestDetails details;
    QString notes;
    QDateTime createdAt;
    QDateTime updatedAt;
    int stayCount = 0; // stays booked under this profile, past and future (not holds that ran out)
};

// Guest profiles and the link from a stay to its guest.
class GuestStore
{
public:
    virtual ~GuestStore() = default;

    // Profiles with `text` in any detail, any case; the most stays first.
    virtual Result<QVector<GuestProfile>> search(const QString &text, int limit) = 0;
    virtual Result<GuestProfile> profile(GuestId guest) = 0;
    // NotFound when there is no such profile.
    virtual Status update(GuestId guest, const GuestDetails &details, const QString &notes) = 0;
    // The profile's stays, newest arrival first.
    virtual Result<QVector<StayRecord>> stays(GuestId guest) = 0;
    // In one statement: the stay, held by `cart`, is given the guest (`existing`, its details replaced
    // by the non-empty ones given; or, when 0, a new profile) and that guest's name. Conflict when the
    // stay is no longer this cart's live hold; nothing is created then.
    virtual Result<GuestId> attachToHeldStay(const CartId &cart, StayId stay, GuestId existing,
                                             const GuestDetails &details)
        = 0;
    // The profile a stay is linked to; 0 when none (a web stay, or one booked before profiles).
    virtual Result<GuestId> guestOfStay(StayId stay) = 0;
};

// The guest-profile use-cases: what is typed is checked here, before any SQL.
class GuestService
{
public:
    explicit GuestService(GuestStore &store);

    static constexpr int maxName = 200;
    static constexpr int maxEmail = 254;
    static constexpr int maxPhone = 40;
    static constexpr int maxAddress = 500;
    static constexpr int maxNotes = 4000;
    static constexpr int maxResults = 50;

    // The details trimmed; refused with the reason a clerk reads when the name is missing, a value is
    // too long, holds a control character, or the e-mail is not one.
    static Result<GuestDetails> checked(const GuestDetails &details);

    // At least two characters of any detail.
    Result<QVector<GuestProfile>> search(const QString &text);
    // Profiles a clerk may mean while typing the booking's details: by e-mail, phone or name.
    Result<QVector<GuestProfile>> suggestions(const GuestDetails &typed);
    Result<GuestProfile> profile(GuestId guest);
    Status update(GuestId guest, const GuestDetails &details, const QString &notes);
    Result<QVector<StayRecord>> stays(GuestId guest);
    // The details as they are now become the held stay's guest (the chosen returning guest, or a new
    // profile): called at booking, right before the stay is paid for or guaranteed.
    Result<GuestId> bookAs(const CartId &cart, StayId stay, GuestId existing, const GuestDetails &details);
    Result<GuestId> guestOfStay(StayId stay);

private:
    GuestStore &m_store;
};

} // namespace boxoffice
