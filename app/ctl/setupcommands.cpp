#include "commands.h"

#include "jsonformat.h"
#include "storage/demoseed.h"
#include "storage/migrator.h"
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
    return context.succeed({{QStringLiteral("ok"), true}, {QStringLiteral("schema_version"), version.value()}},
                           QStringLiteral("Database schema is at version %1.").arg(version.value()));
}

int runSeedDemo(CtlContext &context)
{
    auto connection = context.connect(true);
    if (!connection)
        return context.fail(connection.error());

    std::unique_ptr<TerminalProgress> progress;
    QString loading;
    DemoSeedOptions options;
    options.stadium = context.parser().isSet(QStringLiteral("stadium"));
    // Demo sign-ins, on the private database only: a shared server gets no known passwords from us.
    options.demoStaff = context.usesPrivateCluster();
    options.progress = [&](const QString &venue, int done, int total) {
        if (context.json())
            return;
        if (venue != loading) {
            loading = venue;
            progress = std::make_unique<TerminalProgress>(QStringLiteral("Loading %1").arg(venue));
        }
        progress->update(done, total);
        if (done == total)
            progress->finish();
    };
    auto report = seedDemo(connection.value()->database(), options);
    if (!report)
        return context.fail(report.error());

    QJsonArray loadedJson;
    QStringList lines;
    for (const DemoVenueReport &venue : report->venues) {
        loadedJson.append(QJsonObject{{QStringLiteral("venue"), venue.name},
                                      {QStringLiteral("event"), venue.loaded.eventId},
                                      {QStringLiteral("seats"), venue.loaded.seats},
                                      {QStringLiteral("already_present"), venue.loaded.alreadyPresent}});
        lines << QStringLiteral("%1: %2 seats, event %3%4")
                     .arg(venue.name)
                     .arg(venue.loaded.seats)
                     .arg(venue.loaded.eventId)
                     .arg(venue.loaded.alreadyPresent ? QStringLiteral(" (already loaded)") : QString());
    }
    QJsonArray propertiesJson;
    for (const auto &[kind, loaded, units] :
         {std::tuple{QStringLiteral("hotel"), report->hotel, QStringLiteral("room-nights")},
          std::tuple{QStringLiteral("restaurant"), report->restaurant, QStringLiteral("tables")}}) {
        propertiesJson.append(QJsonObject{{QStringLiteral("kind"), kind},
                                          {QStringLiteral("id"), loaded.id},
                                          {QStringLiteral("name"), loaded.name},
                                          {QStringLiteral("already_present"), loaded.alreadyPresent}});
        lines
            << (loaded.alreadyPresent
                    ? QStringLiteral("%1 (already loaded)").arg(loaded.name)
                    : QStringLiteral("%1: %2 %3, id %4").arg(loaded.name).arg(loaded.units).arg(units).arg(loaded.id));
    }
    for (const QString &staff : report->staffAdded)
        lines << QStringLiteral("Demo sign-in %1").arg(staff);
    return context.succeed({{QStringLiteral("ok"), true},
                            {QStringLiteral("venues"), loadedJson},
                            {QStringLiteral("properties"), propertiesJson}},
                           lines.join(QLatin1Char('\n')));
}

} // namespace boxoffice::ctl
