#include "storage/pgguestsstore.h"

#include "storage/guestsql.h"
#include "storage/sqlvalues.h"
#include "storage/statetext.h"

namespace boxoffice {

namespace {

GuestProfile profileFromRow(const QSqlQuery &q)
{
    GuestProfile guest;
    guest.id = q.value(0).toLongLong();
    guest.details = {q.value(1).toString(), q.value(2).toString(), q.value(3).toString(), q.value(4).toString()};
    guest.notes = q.value(5).toString();
    guest.createdAt = q.value(6).toDateTime();
    guest.updatedAt = q.value(7).toDateTime();
    guest.stayCount = q.value(8).toInt();
    return guest;
}

DomainError unknownGuest()
{
    return withReason(makeError(ErrorCode::NotFound, QStringLiteral("That guest profile does not exist.")),
                      ErrorReason::GuestUnknown);
}

} // namespace

PgGuestsStore::PgGuestsStore(QSqlDatabase database) : m_statements(std::move(database)) { }

Result<QVector<GuestProfile>> PgGuestsStore::profiles(const char *sql, const QString &context,
                                                      PreparedStatements::Bindings bindings)
{
    auto found = m_statements.exec(sql, context, bindings);
    if (!found)
        return found.error();
    QVector<GuestProfile> guests;
    while (found.value()->next())
        guests << profileFromRow(*found.value());
    found.value()->finish();
    return guests;
}

Result<QVector<GuestProfile>> PgGuestsStore::search(const QString &text, int limit)
{
    return profiles(GuestSql::search, QStringLiteral("finding a guest"),
                    {{QStringLiteral(":text"), text}, {QStringLiteral(":limit"), limit}});
}

Result<GuestProfile> PgGuestsStore::profile(GuestId guest)
{
    auto found
        = profiles(GuestSql::profile, QStringLiteral("reading a guest profile"), {{QStringLiteral(":guest"), guest}});
    if (!found)
        return found.error();
    if (found->isEmpty())
        return unknownGuest();
    return found->first();
}

Status PgGuestsStore::update(GuestId guest, const GuestDetails &details, const QString &notes)
{
    auto updated = m_statements.exec(GuestSql::update, QStringLiteral("saving a guest profile"),
                                     {{QStringLiteral(":guest"), guest},
                                      {QStringLiteral(":name"), details.name},
                                      {QStringLiteral(":email"), details.email},
                                      {QStringLiteral(":phone"), details.phone},
                                      {QStringLiteral(":address"), details.address},
                                      {QStringLiteral(":notes"), notes}});
    if (!updated)
        return updated.error();
    const bool found = updated.value()->numRowsAffected() == 1;
    updated.value()->finish();
    if (!found)
        return unknownGuest();
    return Done{};
}

Result<QVector<StayRecord>> PgGuestsStore::stays(GuestId guest)
{
    auto found = m_statements.exec(GuestSql::stays, QStringLiteral("reading a guest's stays"),
                                   {{QStringLiteral(":guest"), guest}});
    if (!found)
        return found.error();
    QSqlQuery &q = *found.value();
    QVector<StayRecord> stays;
    while (q.next()) {
        auto state = stayStateFromText(q.value(6).toString());
        if (!state) {
            q.finish();
            return state.error();
        }
        StayRecord stay;
        stay.id = q.value(0).toLongLong();
        stay.reference = q.value(1).toString();
        stay.roomType = q.value(2).toLongLong();
        stay.roomTypeCode = q.value(3).toString();
        stay.checkIn = q.value(4).toDate();
        stay.checkOut = q.value(5).toDate();
        stay.state = state.value();
        stay.guest = q.value(7).toString();
        stay.order = q.value(8).toLongLong();
        stays << stay;
    }
    q.finish();
    return stays;
}

Result<GuestId> PgGuestsStore::attachToHeldStay(const CartId &cart, StayId stay, GuestId existing,
                                                const GuestDetails &details)
{
    auto attached = m_statements.exec(GuestSql::attach, QStringLiteral("booking a stay in the guest's name"),
                                      {{QStringLiteral(":stay"), stay},
                                       {QStringLiteral(":cart"), cart},
                                       {QStringLiteral(":guest"), nullableId(existing)},
                                       {QStringLiteral(":name"), details.name},
                                       {QStringLiteral(":email"), details.email},
                                       {QStringLiteral(":phone"), details.phone},
                                       {QStringLiteral(":address"), details.address}});
    if (!attached)
        return attached.error();
    const GuestId guest = attached.value()->next() ? attached.value()->value(0).toLongLong() : 0;
    attached.value()->finish();
    if (guest)
        return guest;
    return attachRefusal(cart, stay, existing);
}

DomainError PgGuestsStore::attachRefusal(const CartId &cart, StayId stay, GuestId existing)
{
    auto why = m_statements.exec(
        GuestSql::attachRefusal, QStringLiteral("booking a stay in the guest's name"),
        {{QStringLiteral(":guest"), existing}, {QStringLiteral(":stay"), stay}, {QStringLiteral(":cart"), cart}});
    if (!why)
        return why.error();
    const bool guestFound = why.value()->next() && why.value()->value(0).toInt() == 1;
    const bool held = why.value()->value(1).toInt() == 1;
    why.value()->finish();
    if (held && existing && !guestFound)
        return unknownGuest();
    return withReason(
        makeError(ErrorCode::Conflict, QStringLiteral("Stay %1 is no longer held by this desk.").arg(stay)),
        ErrorReason::GuestStayNotHeld);
}

Result<GuestId> PgGuestsStore::guestOfStay(StayId stay)
{
    auto found = m_statements.exec(GuestSql::guestOfStay, QStringLiteral("reading a stay's guest"),
                                   {{QStringLiteral(":stay"), stay}});
    if (!found)
        return found.error();
    if (!found.value()->next()) {
        found.value()->finish();
        return withReason(makeError(ErrorCode::NotFound, QStringLiteral("Stay %1 does not exist.").arg(stay)),
                          ErrorReason::StayUnknown);
    }
    const GuestId guest = found.value()->value(0).toLongLong();
    found.value()->finish();
    return guest;
}

} // namespace boxoffice
