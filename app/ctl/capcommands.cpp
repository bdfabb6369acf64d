#include "commands.h"

#include "storage/pgbuyercapstore.h"

#include <QJsonValue>

namespace boxoffice::ctl {

namespace {

const QStringList holderNames{QStringLiteral("buyer"), QStringLiteral("card"), QStringLiteral("unknown-card"),
                              QStringLiteral("address")};

QString capText(const std::optional<int> &cap)
{
    return cap ? QString::number(*cap) : QStringLiteral("none");
}

} // namespace

// What one web buyer may hold at once in an event, hotel or restaurant, per holder: the buyer, one
// payment card, all carts with no card together, one client address. Setting needs a manager's grant.
int runCaps(CtlContext &context)
{
    const QStringList args = context.parser().positionalArguments();
    const QString usage = QStringLiteral("Use: boxoffice-ctl caps event|hotel|restaurant ID "
                                         "[buyer=N] [card=N] [unknown-card=N] [address=N] (N or none)");
    const QString kind = args.value(1);
    CapScope scope = CapScope::Event;
    if (kind == QLatin1String("hotel"))
        scope = CapScope::Hotel;
    else if (kind == QLatin1String("restaurant"))
        scope = CapScope::Restaurant;
    else if (kind != QLatin1String("event"))
        return context.failUsage(usage);
    bool idOk = false;
    const qint64 id = args.value(2).toLongLong(&idOk);
    if (!idOk || id <= 0)
        return context.failUsage(usage);
    PgBuyerCapStore::CapChanges changes;
    for (const QString &setting : args.mid(3)) {
        const int holder = int(holderNames.indexOf(setting.section(QLatin1Char('='), 0, 0)));
        const QString value = setting.section(QLatin1Char('='), 1);
        bool ok = false;
        const int cap = value.toInt(&ok);
        if (holder < 0 || (value != QLatin1String("none") && (!ok || cap <= 0)))
            return context.failUsage(usage);
        changes.insert(holder, value == QLatin1String("none") ? std::nullopt : std::optional<int>(cap));
    }
    auto connection = context.connect();
    if (!connection)
        return context.fail(connection.error());
    auto caps = PgBuyerCapStore(connection.value()->database()).setCaps(scope, id, changes);
    if (!caps)
        return context.fail(caps.error());
    QJsonObject json{{QStringLiteral("ok"), true}, {QStringLiteral("scope"), kind}, {QStringLiteral("id"), id}};
    QStringList text;
    for (int holder = 0; holder < 4; ++holder) {
        const auto &cap = caps.value()[size_t(holder)];
        json.insert(holderNames.at(holder), cap ? QJsonValue(*cap) : QJsonValue());
        text << QStringLiteral("%1=%2").arg(holderNames.at(holder), capText(cap));
    }
    return context.succeed(json,
                           QStringLiteral("Caps of %1 %2: %3").arg(kind).arg(id).arg(text.join(QLatin1Char(' '))));
}

} // namespace boxoffice::ctl
