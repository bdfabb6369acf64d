// boxoffice-ctl simulate-buyers: an on-sale rehearsal against a running boxoffice-web. N web buyers
// arrive at R a second; each signs up (an account made here in the database, as `buyer add` does),
// opens a cart, holds seats and perhaps places through the public API, then, by a seeded draw,
// abandons the cart, pays at once, or pays late (after its hold ran out). A summary and the
// inventory and money audit at the end; exit 1 when the audit or any request failed.

#include "commands.h"
#include "simulatehttp.h"
#include "terminalprogress.h"

#include "storage/inventoryauditor.h"
#include "storage/pgbuyerstore.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QMutex>
#include <QRandomGenerator>
#include <QTextStream>
#include <QThread>
#include <QUrl>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <memory>
#include <thread>
#include <vector>

namespace boxoffice::ctl {

namespace {

// The seeded mix: of the buyers who got something, this many percent abandon, pay late; the rest pay.
constexpr int abandonPercent = 30;
constexpr int latePercent = 15;
// Most buyers at once: one thread each while they shop (a late payer's thread waits out its hold).
constexpr int mostThreads = 1000;
constexpr int mostBuyers = 100000;

enum class Plan { Abandon, Pay, PayLate };

struct Simulation
{
    EventId event = 0;
    int buyers = 0;
    double rate = 0;
    quint32 seed = 0;
    QString host;
    quint16 port = 0;
    QVector<UnitId> seats; // available when the run began
    PoolId pool = 0; // 0: the event has no general admission
    QStringList tokens;
};

// Everything the buyers were told, added up under one lock.
struct Tally
{
    QMutex mutex;
    qint64 attempts = 0; // hold requests, seats and places
    qint64 granted = 0;
    qint64 lost = 0;
    qint64 paid = 0;
    qint64 declined = 0; // the provider said no, or the cart had nothing left to sell
    qint64 abandoned = 0;
    qint64 late = 0; // buyers who paid after their hold ran out (their outcome is in paid/declined)
    qint64 emptyHanded = 0; // got nothing to pay for
    qint64 errors = 0;
    QStringList errorSamples;
    std::vector<quint32> holdMicros;
    std::vector<quint32> checkoutMicros;

    void error(const QString &what)
    {
        ++errors;
        if (errorSamples.size() < 5)
            errorSamples << what;
    }
};

quint32 elapsedMicros(const QElapsedTimer &timer)
{
    return quint32(std::min<qint64>(timer.nsecsElapsed() / 1000, std::numeric_limits<quint32>::max()));
}

QString describe(const HttpAnswer &answer)
{
    return answer.status == 0
        ? answer.failure
        : QStringLiteral("HTTP %1 %2").arg(answer.status).arg(QString::fromUtf8(answer.body.left(200)));
}

// One buyer, start to end, on its own keep-alive connection.
void shop(const Simulation &simulation, int index, Tally &tally)
{
    QRandomGenerator random(simulation.seed * 2654435761u + quint32(index));
    KeepAliveHttp http(simulation.host, simulation.port);
    http.setBearer(simulation.tokens.at(index));

    const HttpAnswer created = http.send("POST", "/api/v1/carts");
    const QString cart = created.json().value(QStringLiteral("cart")).toString();
    if (created.status != 201 || cart.isEmpty()) {
        QMutexLocker lock(&tally.mutex);
        tally.error(QStringLiteral("creating a cart: ") + describe(created));
        return;
    }
    const QByteArray path = "/api/v1/carts/" + cart.toUtf8();
    bool holdsSomething = false;
    QDateTime expires;
    const auto hold = [&](const QByteArray &what, const QJsonObject &body) {
        QElapsedTimer timer;
        timer.start();
        const HttpAnswer answer = http.post(path + what, body);
        const quint32 micros = elapsedMicros(timer);
        QMutexLocker lock(&tally.mutex);
        ++tally.attempts;
        tally.holdMicros.push_back(micros);
        if (answer.status == 201) {
            ++tally.granted;
            holdsSomething = true;
            const QDateTime until
                = QDateTime::fromString(answer.json().value(QStringLiteral("expires_at")).toString(), Qt::ISODate);
            if (until.isValid() && (!expires.isValid() || until > expires))
                expires = until;
        } else if (answer.status == 409 && answer.errorCode() == QLatin1String("lost")) {
            ++tally.lost;
        } else {
            tally.error(QStringLiteral("holding: ") + describe(answer));
        }
    };

    if (!simulation.seats.isEmpty()) {
        // One or two seats, the second often the neighbour: buyers crowd the same good seats.
        const int first = random.bounded(int(simulation.seats.size()));
        QJsonArray seats{simulation.seats.at(first)};
        if (random.bounded(2) == 0 && first + 1 < simulation.seats.size())
            seats.append(simulation.seats.at(first + 1));
        hold("/holds", {{QStringLiteral("event"), simulation.event}, {QStringLiteral("seats"), seats}});
    }
    if (simulation.pool > 0 && (simulation.seats.isEmpty() || random.bounded(2) == 0))
        hold("/places",
             {{QStringLiteral("pool"), simulation.pool}, {QStringLiteral("quantity"), 1 + random.bounded(2)}});

    if (!holdsSomething) {
        QMutexLocker lock(&tally.mutex);
        ++tally.emptyHanded;
        return;
    }
    const int draw = random.bounded(100);
    const Plan plan = draw < abandonPercent   ? Plan::Abandon
        : draw < abandonPercent + latePercent ? Plan::PayLate
                                              : Plan::Pay;
    if (plan == Plan::Abandon) {
        QMutexLocker lock(&tally.mutex);
        ++tally.abandoned;
        return;
    }
    if (plan == Plan::PayLate) {
        // Waits out the hold the server reported (its clock; a second's margin), then pays.
        const qint64 wait = expires.isValid() ? QDateTime::currentDateTimeUtc().msecsTo(expires) + 1000 : 0;
        if (wait > 0)
            QThread::msleep(quint64(wait));
    }
    QElapsedTimer timer;
    timer.start();
    const HttpAnswer paid = http.send("POST", path + "/checkout");
    const quint32 micros = elapsedMicros(timer);
    QMutexLocker lock(&tally.mutex);
    tally.checkoutMicros.push_back(micros);
    tally.late += plan == Plan::PayLate ? 1 : 0;
    const QString state = paid.json().value(QStringLiteral("state")).toString();
    if (paid.status == 200 && state == QLatin1String("paid"))
        ++tally.paid;
    else if ((paid.status == 200 && state == QLatin1String("declined")) || (paid.status >= 400 && paid.status < 500))
        ++tally.declined; // a late cart whose units are gone is refused: nothing left to sell
    else
        tally.error(QStringLiteral("paying: ") + describe(paid));
}

double percentileMs(std::vector<quint32> micros, double share)
{
    if (micros.empty())
        return 0;
    std::sort(micros.begin(), micros.end());
    const std::size_t at = std::min(micros.size() - 1, std::size_t(std::ceil(share * double(micros.size()))) - 1);
    return micros[at] / 1000.0;
}

Result<QVector<UnitId>> availableSeats(KeepAliveHttp &http, EventId event)
{
    const HttpAnswer map = http.send("GET", "/api/v1/events/" + QByteArray::number(event) + "/seatmap");
    if (map.status == 404)
        return makeError(ErrorCode::NotFound, QStringLiteral("The web server knows no event %1.").arg(event));
    if (map.status != 200)
        return makeError(ErrorCode::Unavailable, QStringLiteral("Reading the seat map: %1").arg(describe(map)));
    QVector<UnitId> seats;
    for (const QJsonValue &seat : map.json().value(QStringLiteral("seats")).toArray()) {
        const QJsonObject object = seat.toObject();
        if (object.value(QStringLiteral("state")).toString() == QLatin1String("available"))
            seats << object.value(QStringLiteral("id")).toInteger();
    }
    return seats;
}

Result<PoolId> firstPool(KeepAliveHttp &http, EventId event)
{
    const HttpAnswer pools = http.send("GET", "/api/v1/events/" + QByteArray::number(event) + "/pools");
    if (pools.status != 200)
        return makeError(ErrorCode::Unavailable, QStringLiteral("Reading the pools: %1").arg(describe(pools)));
    const QJsonArray list = pools.json().value(QStringLiteral("pools")).toArray();
    return list.isEmpty() ? PoolId(0) : PoolId(list.first().toObject().value(QStringLiteral("id")).toInteger());
}

} // namespace

int runSimulateBuyers(CtlContext &context)
{
    const QCommandLineParser &parser = context.parser();
    Simulation simulation;
    auto event = context.requireId(QStringLiteral("event"));
    if (!event)
        return context.fail(event.error());
    simulation.event = event.value();
    auto buyers = context.requireNumber(QStringLiteral("buyers"), 1);
    if (!buyers)
        return context.fail(buyers.error());
    if (buyers.value() > mostBuyers)
        return context.failUsage(QStringLiteral("--buyers is at most %1.").arg(mostBuyers));
    simulation.buyers = buyers.value();
    bool ok = false;
    simulation.rate = parser.value(QStringLiteral("rate")).toDouble(&ok);
    if (!parser.isSet(QStringLiteral("rate")) || !ok || !(simulation.rate > 0) || simulation.rate > 100000)
        return context.failUsage(QStringLiteral("--rate takes arrivals per second, more than 0 (e.g. 50 or 0.5)."));
    simulation.seed = parser.isSet(QStringLiteral("seed")) ? parser.value(QStringLiteral("seed")).toUInt(&ok) : 1;
    if (!ok)
        return context.failUsage(QStringLiteral("--seed takes a whole number."));
    const QUrl web(parser.isSet(QStringLiteral("web")) ? parser.value(QStringLiteral("web"))
                                                       : QStringLiteral("http://127.0.0.1:8080"));
    if (!web.isValid() || web.scheme() != QLatin1String("http") || web.host().isEmpty())
        return context.failUsage(
            QStringLiteral("--web takes the web server's http:// address, e.g. http://127.0.0.1:8080."));
    simulation.host = web.host();
    simulation.port = quint16(web.port(80));

    KeepAliveHttp probe(simulation.host, simulation.port, 30000);
    auto seats = availableSeats(probe, simulation.event);
    if (!seats)
        return context.fail(seats.error());
    simulation.seats = seats.value();
    auto pool = firstPool(probe, simulation.event);
    if (!pool)
        return context.fail(pool.error());
    simulation.pool = pool.value();
    if (simulation.seats.isEmpty() && simulation.pool == 0)
        return context.fail(
            makeError(ErrorCode::Conflict, QStringLiteral("Event %1 has nothing left to hold.").arg(simulation.event)));

    auto connection = context.connect();
    if (!connection)
        return context.fail(connection.error());
    {
        PgBuyerStore accounts(connection.value()->database());
        TerminalProgress signup(QStringLiteral("creating buyer accounts"));
        for (int i = 0; i < simulation.buyers; ++i) {
            auto buyer = accounts.addBuyer(QStringLiteral("simulated buyer %1-%2").arg(simulation.seed).arg(i + 1));
            if (!buyer)
                return context.fail(buyer.error());
            simulation.tokens << buyer->token;
            if (i % 50 == 0)
                signup.update(i, simulation.buyers);
        }
        signup.update(simulation.buyers, simulation.buyers);
        signup.finish();
    }

    // Arrivals on a fixed timetable (buyer i at i / rate seconds), so a slow server shows as latency and
    // a backlog, not as fewer arrivals.
    Tally tally;
    std::atomic<int> next{0};
    std::atomic<int> done{0};
    const auto started = std::chrono::steady_clock::now();
    const int threadCount = std::min(simulation.buyers, mostThreads);
    std::vector<std::unique_ptr<QThread>> threads;
    for (int t = 0; t < threadCount; ++t) {
        threads.emplace_back(QThread::create([&] {
            for (int index = next++; index < simulation.buyers; index = next++) {
                std::this_thread::sleep_until(started
                                              + std::chrono::microseconds(qint64(index * 1e6 / simulation.rate)));
                shop(simulation, index, tally);
                ++done;
            }
        }));
        threads.back()->start();
    }
    TerminalProgress progress(QStringLiteral("simulated buyers"));
    while (done.load() < simulation.buyers) {
        progress.update(done.load(), simulation.buyers);
        QThread::msleep(200);
    }
    for (const auto &thread : threads)
        thread->wait();
    progress.update(simulation.buyers, simulation.buyers);
    progress.finish();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();

    auto audit = InventoryAuditor(connection.value()->database()).run();
    if (!audit)
        return context.fail(audit.error());

    const double holdP50 = percentileMs(tally.holdMicros, 0.50);
    const double holdP99 = percentileMs(tally.holdMicros, 0.99);
    const double payP50 = percentileMs(tally.checkoutMicros, 0.50);
    const double payP99 = percentileMs(tally.checkoutMicros, 0.99);
    QJsonArray failedChecks;
    for (const AuditFinding &finding : audit->findings)
        failedChecks.append(QJsonObject{{QStringLiteral("check"), finding.check},
                                        {QStringLiteral("count"), finding.count},
                                        {QStringLiteral("examples"), QJsonArray::fromStringList(finding.examples)}});
    const QJsonObject json{{QStringLiteral("ok"), audit->ok() && tally.errors == 0},
                           {QStringLiteral("event"), simulation.event},
                           {QStringLiteral("buyers"), simulation.buyers},
                           {QStringLiteral("rate"), simulation.rate},
                           {QStringLiteral("seed"), qint64(simulation.seed)},
                           {QStringLiteral("seconds"), seconds},
                           {QStringLiteral("attempts"), tally.attempts},
                           {QStringLiteral("granted"), tally.granted},
                           {QStringLiteral("lost"), tally.lost},
                           {QStringLiteral("paid"), tally.paid},
                           {QStringLiteral("declined"), tally.declined},
                           {QStringLiteral("abandoned"), tally.abandoned},
                           {QStringLiteral("late"), tally.late},
                           {QStringLiteral("empty_handed"), tally.emptyHanded},
                           {QStringLiteral("errors"), tally.errors},
                           {QStringLiteral("error_samples"), QJsonArray::fromStringList(tally.errorSamples)},
                           {QStringLiteral("hold_p50_ms"), holdP50},
                           {QStringLiteral("hold_p99_ms"), holdP99},
                           {QStringLiteral("checkout_p50_ms"), payP50},
                           {QStringLiteral("checkout_p99_ms"), payP99},
                           {QStringLiteral("audit_checks"), int(audit->checks.size())},
                           {QStringLiteral("audit_failed"), failedChecks}};
    QString text;
    QTextStream out(&text);
    out << "Simulated " << simulation.buyers << " buyers on event " << simulation.event << " at " << simulation.rate
        << "/s (seed " << simulation.seed << ") in " << QString::number(seconds, 'f', 1) << " s\n"
        << "  hold attempts " << tally.attempts << ": granted " << tally.granted << ", lost " << tally.lost
        << ", errors " << tally.errors << "\n"
        << "  buyers: paid " << tally.paid << ", declined " << tally.declined << " (" << tally.late
        << " of these paid after their hold ran out), abandoned " << tally.abandoned << ", got nothing "
        << tally.emptyHanded << "\n"
        << "  latency: hold p50 " << QString::number(holdP50, 'f', 1) << " ms, p99 " << QString::number(holdP99, 'f', 1)
        << " ms; checkout p50 " << QString::number(payP50, 'f', 1) << " ms, p99 " << QString::number(payP99, 'f', 1)
        << " ms\n";
    for (const QString &sample : std::as_const(tally.errorSamples))
        out << "  error: " << sample << '\n';
    for (const AuditFinding &finding : audit->findings)
        out << "  audit FAILED " << finding.check << ": " << finding.count << " violation(s), e.g. "
            << finding.examples.join(QStringLiteral("; ")) << '\n';
    out << (audit->ok() ? "  inventory and money audit: passed (" : "  inventory and money audit: FAILED (")
        << audit->checks.size() << " checks)";
    context.succeed(json, text);
    return audit->ok() && tally.errors == 0 ? ExitDone : ExitFailure;
}

} // namespace boxoffice::ctl
