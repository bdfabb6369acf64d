#pragma once

#include "domain/guests.h"
#include "storage/preparedstatements.h"

namespace boxoffice {

class PgGuestsStore final : public GuestStore
{
public:
    explicit PgGuestsStore(QSqlDatabase database);

    Result<QVector<GuestProfile>> search(const QString &text, int limit) override;
    Result<GuestProfile> profile(GuestId guest) override;
    Status update(GuestId guest, const GuestDetails &details, const QString &notes) override;
    Result<QVector<StayRecord>> stays(GuestId guest) override;
    Result<GuestId> attachToHeldStay(const CartId &cart, StayId stay, GuestId existing,
                                     const GuestDetails &details) override;
    Result<GuestId> guestOfStay(StayId stay) override;

private:
    Result<QVector<GuestProfile>> profiles(const char *sql, const QString &context,
                                           PreparedStatements::Bindings bindings);
    DomainError attachRefusal(const CartId &cart, StayId stay, GuestId existing);

    PreparedStatements m_statements;
};

} // namespace boxoffice
