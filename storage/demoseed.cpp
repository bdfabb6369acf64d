#include "storage/demoseed.h"

#include "storage/staffadmin.h"

namespace boxoffice {

Result<DemoSeedReport> seedDemo(QSqlDatabase database, const DemoSeedOptions &options)
{
    DemoSeedReport report;
    VenueLoader venues(database);
    QVector<Result<VenueSpec>> specs{VenueLoader::demoTheatre()};
    if (options.stadium)
        specs << VenueLoader::demoStadium();
    for (const auto &spec : specs) {
        if (!spec)
            return spec.error();
        auto loaded = venues.load(spec.value(), [&](int done, int total) {
            if (options.progress)
                options.progress(spec->name, done, total);
        });
        if (!loaded)
            return loaded.error();
        report.venues << DemoVenueReport{spec->name, loaded.value()};
    }

    PropertyLoader properties(database);
    auto hotelJson = PropertyLoader::demoHotel();
    if (!hotelJson)
        return hotelJson.error();
    auto hotel = properties.loadHotel(hotelJson.value());
    if (!hotel)
        return hotel.error();
    report.hotel = hotel.value();
    auto restaurantJson = PropertyLoader::demoRestaurant();
    if (!restaurantJson)
        return restaurantJson.error();
    auto restaurant = properties.loadRestaurant(restaurantJson.value());
    if (!restaurant)
        return restaurant.error();
    report.restaurant = restaurant.value();

    if (options.demoStaff) {
        StaffAdmin staff(database);
        for (const auto &[login, password, role] :
             {std::tuple{QString::fromLatin1(demoClerkLogin), QString::fromLatin1(demoClerkPassword), StaffRole::Clerk},
              std::tuple{QString::fromLatin1(demoManagerLogin), QString::fromLatin1(demoManagerPassword),
                         StaffRole::Manager}}) {
            const Status added = staff.addStaff(login, password, role);
            if (!added && added.error().code != ErrorCode::Conflict)
                return added.error();
            if (added)
                report.staffAdded << QStringLiteral("%1 (%2)").arg(login, staffRoleName(role));
        }
    }
    return report;
}

} // namespace boxoffice
