#pragma once

#include "domain/result.h"
#include "storage/propertyloader.h"
#include "storage/venueloader.h"

#include <QSqlDatabase>

#include <functional>

namespace boxoffice {

struct DemoVenueReport
{
    QString name;
    LoadedVenue loaded;
};

struct DemoSeedReport
{
    QVector<DemoVenueReport> venues;
    LoadedProperty hotel;
    LoadedProperty restaurant;
    QStringList staffAdded; // "clerk (clerk)"
};

struct DemoSeedOptions
{
    bool stadium = false;
    // Known demo passwords: only on the user's private database, never on a shared server.
    bool demoStaff = false;
    // (venue name, seats done, seats total) while a venue loads.
    std::function<void(const QString &, int, int)> progress;
};

// The demo data set: the theatre (and the stadium when asked), a hotel and a restaurant, and the demo
// sign-ins. Loading twice changes nothing: what exists is reported as already present.
Result<DemoSeedReport> seedDemo(QSqlDatabase database, const DemoSeedOptions &options);

inline constexpr char demoClerkLogin[] = "clerk";
inline constexpr char demoClerkPassword[] = "clerk-demo-pass";
inline constexpr char demoManagerLogin[] = "manager";
inline constexpr char demoManagerPassword[] = "manager-demo-pass";

} // namespace boxoffice
