#include "commands.h"

#include "domain/jsonvocabulary.h"
#include "storage/pgonsalestore.h"

#include <QJsonObject>

#include <cmath>

namespace boxoffice::ctl {

namespace {

const QString usage = QStringLiteral(
    "Use: boxoffice-ctl onsale set --event ID --draw-closes TIME|+SECONDS [--rate PER_SECOND] [--token-minutes N] "
    "| onsale show --event ID | onsale clear --event ID");

// "+90": that many seconds from now; else an ISO time ("2026-03-12T10:00Z", or local without a zone).
Result<QDateTime> drawCloses(const QString &text)
{
    if (text.startsWith(QLatin1Char('+'))) {
        bool ok = false;
        const qint64 seconds = text.mid(1).toLongLong(&ok);
        if (ok && seconds >= 0 && seconds <= 366LL * 86400)
            return QDateTime::currentDateTimeUtc().addSecs(seconds);
    } else {
        const QDateTime time = QDateTime::fromString(text, Qt::ISODate);
        if (time.isValid())
            return time.toUTC();
    }
    return makeError(ErrorCode::BadInput,
                     QStringLiteral("--draw-closes needs a time like 2026-03-12T10:00Z or "
                                    "+SECONDS from now."));
}

QJsonObject onSaleJson(const OnSale &sale)
{
    return {{QStringLiteral("event"), sale.event},
            {QStringLiteral("draw_closes_at"), jsonTime(sale.drawClosesAt)},
            {QStringLiteral("admit_per_second"), sale.admitPerSecond},
            {QStringLiteral("token_seconds"), sale.tokenSeconds}};
}

QString onSaleText(const OnSale &sale)
{
    return QStringLiteral("Event %1: the draw closes at %2 UTC; %3; an admission lets a buyer hold for %4 min.")
        .arg(sale.event)
        .arg(sale.drawClosesAt.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")),
             sale.admitPerSecond > 0 ? QStringLiteral("%1 admitted a second").arg(sale.admitPerSecond)
                                     : QStringLiteral("admitted at the rate the claims sustain"))
        .arg(sale.tokenSeconds / 60.0);
}

} // namespace

// onsale set|show|clear: an event's waiting room (migration 036). Setting and clearing are a
// manager's: the database refuses a clerk's login. Web servers pick a change up within seconds.
int runOnSale(CtlContext &context)
{
    const QString verb = context.parser().positionalArguments().value(1);
    if (verb != QLatin1String("set") && verb != QLatin1String("show") && verb != QLatin1String("clear"))
        return context.failUsage(usage);
    auto event = context.requireId(QStringLiteral("event"));
    if (!event)
        return context.fail(event.error());
    OnSale sale;
    sale.event = event.value();
    if (verb == QLatin1String("set")) {
        if (!context.parser().isSet(QStringLiteral("draw-closes")))
            return context.failUsage(usage);
        auto closes = drawCloses(context.parser().value(QStringLiteral("draw-closes")));
        if (!closes)
            return context.fail(closes.error());
        sale.drawClosesAt = closes.value();
        bool ok = true;
        if (context.parser().isSet(QStringLiteral("rate")))
            sale.admitPerSecond = context.parser().value(QStringLiteral("rate")).toDouble(&ok);
        if (!ok || !std::isfinite(sale.admitPerSecond) || sale.admitPerSecond < 0 || sale.admitPerSecond > 1e6)
            return context.failUsage(QStringLiteral("--rate is admissions a second, 0 (automatic) or more."));
        if (context.parser().isSet(QStringLiteral("token-minutes"))) {
            const int minutes = context.parser().value(QStringLiteral("token-minutes")).toInt(&ok);
            if (!ok || minutes < 1 || minutes > 1440)
                return context.failUsage(QStringLiteral("--token-minutes is from 1 to 1440."));
            sale.tokenSeconds = minutes * 60;
        }
    }
    auto connection = context.connect();
    if (!connection)
        return context.fail(connection.error());
    PgOnSaleStore store(connection.value()->database());
    if (verb == QLatin1String("set")) {
        if (auto status = store.setOnSale(sale); !status)
            return context.fail(status.error());
    } else if (verb == QLatin1String("clear")) {
        if (auto status = store.clearOnSale(sale.event); !status)
            return context.fail(status.error());
        return context.succeed(
            {{QStringLiteral("ok"), true}, {QStringLiteral("event"), sale.event}, {QStringLiteral("on_sale"), false}},
            QStringLiteral("Event %1 has no waiting room any more: holds need no admission.").arg(sale.event));
    }
    auto current = store.onSale(sale.event);
    if (!current)
        return context.fail(current.error());
    if (!current.value())
        return context.succeed(
            {{QStringLiteral("ok"), true}, {QStringLiteral("event"), sale.event}, {QStringLiteral("on_sale"), false}},
            QStringLiteral("Event %1 has no waiting room.").arg(sale.event));
    QJsonObject json = onSaleJson(*current.value());
    json.insert(QStringLiteral("ok"), true);
    json.insert(QStringLiteral("on_sale"), true);
    return context.succeed(json, onSaleText(*current.value()));
}

} // namespace boxoffice::ctl
