#include "commands.h"

#include "domain/poolservice.h"
#include "jsonformat.h"

#include <QJsonArray>
#include <QTextStream>

namespace boxoffice::ctl {

namespace {

QString poolLine(const PoolSummary &pool)
{
    return QStringLiteral("%1  %2 %3  %4  %5 of %6 available, %7 held, %8 sold  (%9 row(s), %10)")
        .arg(pool.id, 4)
        .arg(pool.code, -8)
        .arg(pool.name, -16)
        .arg(pool.price.text())
        .arg(pool.available)
        .arg(pool.capacity)
        .arg(pool.held)
        .arg(pool.sold)
        .arg(pool.subpools)
        .arg(claimStrategyName(pool.strategy));
}

} // namespace

int runGa(CtlContext &context)
{
    const QString action = context.parser().positionalArguments().value(1);
    const QStringList actions{QStringLiteral("list"), QStringLiteral("create"), QStringLiteral("hold"),
                              QStringLiteral("release"), QStringLiteral("strategy")};
    if (!actions.contains(action))
        return context.failUsage(QStringLiteral("Use: boxoffice-ctl ga list|create|hold|release|strategy ..."));
    auto session = context.openInventory();
    if (!session)
        return context.fail(session.error());
    PoolService service(session.value()->pools);

    if (action == QLatin1String("list")) {
        auto event = context.requireId(QStringLiteral("event"));
        if (!event)
            return context.fail(event.error());
        auto pools = service.pools(event.value());
        if (!pools)
            return context.fail(pools.error());
        QJsonArray json;
        QStringList lines;
        for (const PoolSummary &pool : pools.value()) {
            json.append(poolToJson(pool));
            lines << poolLine(pool);
        }
        if (lines.isEmpty())
            lines << QStringLiteral("Event %1 has no general-admission pools.").arg(event.value());
        return context.succeed({{QStringLiteral("ok"), true}, {QStringLiteral("pools"), json}},
                               lines.join(QLatin1Char('\n')));
    }
    if (action == QLatin1String("create")) {
        PoolSpec spec;
        auto event = context.requireId(QStringLiteral("event"));
        auto code = context.requireText(QStringLiteral("code"));
        auto capacity = context.requireNumber(QStringLiteral("capacity"), 1);
        auto price = context.requireNumber(QStringLiteral("price"), 0);
        for (const DomainError *error : {event ? nullptr : &event.error(), code ? nullptr : &code.error(),
                                         capacity ? nullptr : &capacity.error(), price ? nullptr : &price.error()}) {
            if (error)
                return context.fail(*error);
        }
        // --price is in minor units of the event's own currency.
        auto summary = session.value()->seats.event(event.value());
        if (!summary)
            return context.fail(summary.error());
        spec.event = event.value();
        spec.code = code.value();
        spec.name = context.parser().value(QStringLiteral("name"));
        spec.capacity = capacity.value();
        spec.price = Money(price.value(), summary->currency);
        bool ok = true;
        spec.subpools = context.optionalNumber(QStringLiteral("rows"), &ok).value_or(1);
        if (!ok)
            return context.failUsage(QStringLiteral("--rows must be a whole number."));
        spec.strategy
            = claimStrategyFromName(context.parser().value(QStringLiteral("strategy"))).value_or(ClaimStrategy::Atomic);
        auto pool = service.createPool(spec);
        if (!pool)
            return context.fail(pool.error());
        QJsonObject json = poolToJson(pool.value());
        json.insert(QStringLiteral("ok"), true);
        return context.succeed(json, QStringLiteral("Created pool:\n") + poolLine(pool.value()));
    }
    auto pool = context.requireId(QStringLiteral("pool"));
    if (!pool)
        return context.fail(pool.error());
    if (action == QLatin1String("strategy")) {
        const QString name = context.parser().value(QStringLiteral("strategy"));
        const auto strategy = claimStrategyFromName(name);
        if (!strategy)
            return context.failUsage(QStringLiteral("--strategy is atomic, pessimistic or batched."));
        if (auto status = service.setStrategy(pool.value(), *strategy); !status)
            return context.fail(status.error());
        return context.succeed(
            {{QStringLiteral("ok"), true}, {QStringLiteral("pool"), pool.value()}, {QStringLiteral("strategy"), name}},
            QStringLiteral("Pool %1 now claims with the %2 strategy.").arg(pool.value()).arg(name));
    }
    auto cart = context.requireText(QStringLiteral("cart"));
    if (!cart)
        return context.fail(cart.error());
    if (action == QLatin1String("release")) {
        auto released = service.release(cart.value(), pool.value());
        if (!released)
            return context.fail(released.error());
        return context.succeed(
            {{QStringLiteral("ok"), true},
             {QStringLiteral("cart"), cart.value()},
             {QStringLiteral("pool"), pool.value()},
             {QStringLiteral("released"), released.value()}},
            QStringLiteral("Released %1 place(s) of pool %2.").arg(released.value()).arg(pool.value()));
    }
    auto quantity = context.requireNumber(QStringLiteral("quantity"), 1);
    if (!quantity)
        return context.fail(quantity.error());
    bool ok = true;
    PoolHoldRequest request{pool.value(), cart.value(), quantity.value(),
                            context.optionalNumber(QStringLiteral("ttl"), &ok)};
    if (!ok)
        return context.failUsage(QStringLiteral("--ttl must be a whole number of seconds."));
    auto held = service.hold(request);
    if (!held)
        return context.fail(held.error(),
                            {{QStringLiteral("cart"), cart.value()}, {QStringLiteral("pool"), pool.value()}});
    return context.succeed(poolHoldToJson(cart.value(), held.value()),
                           QStringLiteral("Held %1 place(s) of pool %2 for cart %3 until %4.")
                               .arg(held->quantity)
                               .arg(held->pool)
                               .arg(cart.value(), held->expiresAt.toLocalTime().toString(QStringLiteral("HH:mm:ss"))));
}

} // namespace boxoffice::ctl
