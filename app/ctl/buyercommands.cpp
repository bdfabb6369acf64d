#include "commands.h"

#include "domain/maildelivery.h"
#include "storage/pgbuyerstore.h"

#include <QJsonValue>
#include <QSqlDatabase>

namespace boxoffice::ctl {

// A web buyer account. The token is printed once and never stored: only its hash is.
int runBuyer(CtlContext &context)
{
    const QStringList args = context.parser().positionalArguments();
    if (args.value(1) != QLatin1String("add") || args.value(2).trimmed().isEmpty())
        return context.failUsage(QStringLiteral("Use: boxoffice-ctl buyer add NAME [--email ADDRESS]"));
    const QString email = context.parser().value(QStringLiteral("email")).trimmed();
    if (context.parser().isSet(QStringLiteral("email")) && !MailDelivery::isAddress(email))
        return context.failUsage(QStringLiteral("--email needs an e-mail address, e.g. ada@example.org."));
    auto connection = context.connect();
    if (!connection)
        return context.fail(connection.error());
    PgBuyerStore buyers(connection.value()->database());
    // The buyer and the address together, or neither.
    QSqlDatabase database = connection.value()->database();
    if (!database.transaction())
        return context.fail(makeError(ErrorCode::Unavailable, QStringLiteral("Could not start a transaction.")));
    auto created = buyers.addBuyer(args.mid(2).join(QLatin1Char(' ')));
    Status addressed = Done{};
    if (created && !email.isEmpty())
        addressed = buyers.setEmail(created->buyer.id, email);
    if (!created || !addressed || !database.commit()) {
        database.rollback();
        return context.fail(!created         ? created.error()
                                : !addressed ? addressed.error()
                                             : makeError(ErrorCode::Unavailable, QStringLiteral("Could not commit.")));
    }
    return context.succeed(
        {{QStringLiteral("ok"), true},
         {QStringLiteral("buyer"), created->buyer.id},
         {QStringLiteral("name"), created->buyer.name},
         {QStringLiteral("email"), email.isEmpty() ? QJsonValue() : QJsonValue(email)},
         {QStringLiteral("token"), created->token}},
        QStringLiteral("Buyer %1 (%2%3). Token, shown only now:\n%4")
            .arg(created->buyer.id)
            .arg(created->buyer.name, email.isEmpty() ? QString() : QStringLiteral(", ") + email, created->token));
}

} // namespace boxoffice::ctl
