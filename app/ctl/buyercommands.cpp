#include "commands.h"

#include "storage/pgbuyerstore.h"

namespace boxoffice::ctl {

// A web buyer account. The token is printed once and never stored: only its hash is.
int runBuyer(CtlContext &context)
{
    const QStringList args = context.parser().positionalArguments();
    if (args.value(1) != QLatin1String("add") || args.value(2).trimmed().isEmpty())
        return context.failUsage(QStringLiteral("Use: boxoffice-ctl buyer add NAME"));
    auto connection = context.connect();
    if (!connection)
        return context.fail(connection.error());
    auto created = PgBuyerStore(connection.value()->database()).addBuyer(args.mid(2).join(QLatin1Char(' ')));
    if (!created)
        return context.fail(created.error());
    return context.succeed({{"ok", true}, {"buyer", created->buyer.id}, {"name", created->buyer.name}, {"token", created->token}},
                           QStringLiteral("Buyer %1 (%2). Token, shown only now:\n%3")
                               .arg(created->buyer.id)
                               .arg(created->buyer.name, created->token));
}

} // namespace boxoffice::ctl
