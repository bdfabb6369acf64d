#include "commandoptions.h"

#include <QHash>

namespace boxoffice::ctl {

namespace {

QStringList list(std::initializer_list<const char *> names)
{
    QStringList result;
    for (const char *name : names)
        result.append(QLatin1String(name));
    return result;
}

// Reading a provider: the settings file and the timeout (paymentcommands.cpp openProvider).
QStringList withProvider(QStringList names)
{
    return names << list({"settings", "provider-timeout"});
}

const QHash<QString, QStringList> &table()
{
    static const QHash<QString, QStringList> options{
        {QStringLiteral("db"), list({"replace"})},
        {QStringLiteral("migrate"), {}},
        {QStringLiteral("seed-demo"), list({"stadium"})},
        {QStringLiteral("events"), {}},
        {QStringLiteral("availability"), list({"event"})},
        {QStringLiteral("hold"), list({"event", "cart", "seats", "ttl"})},
        {QStringLiteral("release"), list({"cart", "event", "seats"})},
        {QStringLiteral("extend"), list({"cart"})},
        {QStringLiteral("order"), list({"cart", "order"})},
        {QStringLiteral("confirm"), list({"cart", "order"})},
        {QStringLiteral("sweep"), {}},
        {QStringLiteral("audit"), {}},
        {QStringLiteral("ga"),
         list({"event", "pool", "cart", "quantity", "code", "name", "capacity", "price", "rows", "strategy", "ttl"})},
        {QStringLiteral("hotel"),
         list({"hotel", "room-type", "room-types", "cart", "check-in", "check-out", "guest", "stay", "reason",
               "sellable", "physical", "date", "free-hours", "check-in-time", "late-fee", "no-show-fee", "ttl"})},
        {QStringLiteral("staff"), list({"role"})},
        {QStringLiteral("buyer"), list({"email"})},
        {QStringLiteral("checkout"), withProvider(list({"cart", "order"}))},
        {QStringLiteral("reconcile"), withProvider(list({"unknown-after", "report"}))},
        {QStringLiteral("worker"), withProvider(list({"interval", "once", "smtp", "mail-from", "amqp", "metrics"}))},
        {QStringLiteral("refund"), withProvider(list({"order", "reason", "items"}))},
        {QStringLiteral("ticket"), list({"gate", "event", "check-only"})},
        {QStringLiteral("till"), list({"shift", "date"})},
        {QStringLiteral("day"), list({"date"})},
        {QStringLiteral("price-types"), {}},
        {QStringLiteral("house"), list({"event", "seats", "kind", "owner", "note"})},
        {QStringLiteral("table"), list({"table", "restaurant", "cart", "party", "at", "minutes", "booking", "ttl"})},
        {QStringLiteral("outbox"), list({"amqp", "settings"})},
        {QStringLiteral("mail"), {}},
        {QStringLiteral("onsale"), list({"event", "draw-closes", "rate", "token-minutes"})},
        {QStringLiteral("simulate-buyers"), list({"event", "buyers", "rate", "web", "seed"})},
        {QStringLiteral("caps"), {}},
    };
    return options;
}

} // namespace

const QStringList &CommandOptions::everywhere()
{
    static const QStringList names = list({"db", "json", "help", "h", "?", "help-all", "version", "v"});
    return names;
}

QStringList CommandOptions::of(const QString &command)
{
    return table().value(command);
}

QStringList CommandOptions::strays(const QString &command, const QStringList &given)
{
    const QStringList allowed = of(command);
    QStringList strays;
    for (const QString &name : given) {
        if (!everywhere().contains(name) && !allowed.contains(name) && !strays.contains(name))
            strays.append(name);
    }
    return strays;
}

QString CommandOptions::help(const QString &command, const QString &summary, const QList<QCommandLineOption> &all)
{
    QString text = QStringLiteral("boxoffice-ctl %1\n\n  %2\n").arg(command, summary);
    const auto describe = [&all](const QString &name) {
        for (const QCommandLineOption &option : all) {
            if (!option.names().contains(name))
                continue;
            QString flag = QStringLiteral("--") + name;
            if (!option.valueName().isEmpty())
                flag += QLatin1Char(' ') + option.valueName().toUpper();
            return QStringLiteral("  %1\n      %2\n").arg(flag, option.description());
        }
        return QString();
    };
    const QStringList own = of(command);
    if (!own.isEmpty()) {
        text += QStringLiteral("\nOptions:\n");
        for (const QString &name : own)
            text += describe(name);
    }
    text += QStringLiteral("\nEvery command also takes:\n");
    text += describe(QStringLiteral("db"));
    text += describe(QStringLiteral("json"));
    return text;
}

} // namespace boxoffice::ctl
