#pragma once

#include "domain/hotellists.h"
#include "storage/preparedstatements.h"

namespace boxoffice {

class PgHotelLists final : public HotelListStore
{
public:
    explicit PgHotelLists(QSqlDatabase database);

    Result<HotelDayLists> dayLists(HotelId hotel, const QDate &day) override;
    Result<OccupancyReport> occupancy(HotelId hotel, const QDate &from, const QDate &until) override;
    Result<QVector<AttritionHistory>> attrition(HotelId hotel, const QDate &from, const QDate &until) override;
    Result<QVector<PartnerHotel>> partners(HotelId hotel) override;
    Result<PartnerHotel> addPartner(HotelId hotel, const QString &name, const QString &contact) override;

private:
    Result<QVector<HotelListRow>> list(const char *sql, HotelId hotel, const QDate &day);

    PreparedStatements m_statements;
};

} // namespace boxoffice
