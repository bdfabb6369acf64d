#include "commands.h"

#include "jsonformat.h"
#include "storage/migrator.h"
#include "storage/propertyloader.h"
#include "storage/staffadmin.h"
#include "storage/venueloader.h"
#include "terminalprogress.h"

#include <QJsonArray>

namespace boxoffice::ctl {

int runMigrate(CtlContext &context)
{
    // Every other command refuses an out-of-date shared schema; this is the one that brings it up to date.
    auto choice = context.connect(/*migrate=*/true);
    if (!choice)
        return context.fail(choice.error());
    auto version = Migrator(choice.value()->database()).appliedVersion();
    if (!version)
        return context.fail(version.error());
    return context.succeed({{"ok", true}, {"schema_version", version.value()}},
                           QStringLiteral("Database schema is at version %1.").arg(version.value()));
}

int runSeedDemo(CtlContext &context)
{
    auto connection = context.connect(true);
    if (!connection)
        return context.fail(connection.error());
    VenueLoader loader(connection.value()->database());

    QVector<Result<VenueSpec>> venues{VenueLoader::demoTheatre()};
    if (context.parser().isSet(QStringLiteral("stadium")))
        venues << VenueLoader::demoStadium();

    QJsonArray loadedJson;
    QStringList lines;
    for (const auto &spec : venues) {
        if (!spec)
            return context.fail(spec.error());
        TerminalProgress progress(QStringLiteral("Loading %1").arg(spec->name));
        auto loaded = loader.load(spec.value(), [&](int done, int total) {
            if (!context.json())
                progress.update(done, total);
        });
        if (!loaded)
            return context.fail(loaded.error());
        if (!context.json() && !loaded->alreadyPresent)
            progress.finish();
        loadedJson.append(QJsonObject{{"venue", spec->name},
                                      {"event", loaded->eventId},
                                      {"seats", loaded->seats},
                                      {"already_present", loaded->alreadyPresent}});
        lines << QStringLiteral("%1: %2 seats, event %3%4")
                     .arg(spec->name)
                     .arg(loaded->seats)
                     .arg(loaded->eventId)
                     .arg(loaded->alreadyPresent ? QStringLiteral(" (already loaded)") : QString());
    }
    // The other shapes: a hotel (room-nights for a year from today) and a restaurant's tables.
    PropertyLoader properties(connection.value()->database());
    QJsonArray propertiesJson;
    const auto describe = [&](const QString &kind, const Result<LoadedProperty> &loaded, const QString &units) -> bool {
        if (!loaded)
            return false;
        propertiesJson.append(QJsonObject{
            {"kind", kind}, {"id", loaded->id}, {"name", loaded->name}, {"already_present", loaded->alreadyPresent}});
        lines << (loaded->alreadyPresent ? QStringLiteral("%1 (already loaded)").arg(loaded->name)
                                         : QStringLiteral("%1: %2 %3, id %4")
                                               .arg(loaded->name)
                                               .arg(loaded->units)
                                               .arg(units)
                                               .arg(loaded->id));
        return true;
    };
    auto hotelJson = PropertyLoader::demoHotel();
    if (!hotelJson)
        return context.fail(hotelJson.error());
    auto hotel = properties.loadHotel(hotelJson.value());
    if (!describe(QStringLiteral("hotel"), hotel, QStringLiteral("room-nights")))
        return context.fail(hotel.error());
    auto restaurantJson = PropertyLoader::demoRestaurant();
    if (!restaurantJson)
        return context.fail(restaurantJson.error());
    auto restaurant = properties.loadRestaurant(restaurantJson.value());
    if (!describe(QStringLiteral("restaurant"), restaurant, QStringLiteral("tables")))
        return context.fail(restaurant.error());
    // Demo sign-ins, on the private database only: a shared server gets no known passwords from us.
    if (context.usesPrivateCluster()) {
        StaffAdmin staff(connection.value()->database());
        for (const auto &[login, password, role] :
             {std::tuple{QStringLiteral("clerk"), QStringLiteral("clerk-demo-pass"), StaffRole::Clerk},
              std::tuple{QStringLiteral("manager"), QStringLiteral("manager-demo-pass"), StaffRole::Manager}}) {
            const Status added = staff.addStaff(login, password, role);
            if (!added && added.error().code != ErrorCode::Conflict)
                return context.fail(added.error());
            if (added)
                lines << QStringLiteral("Demo sign-in %1 (%2)").arg(login, staffRoleName(role));
        }
    }
    return context.succeed({{"ok", true}, {"venues", loadedJson}, {"properties", propertiesJson}},
                           lines.join(QLatin1Char('\n')));
}

} // namespace boxoffice::ctl
