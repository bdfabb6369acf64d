#include "chaosverdict.h"

#include "chaosstats.h"
#include "chaosworld.h"

#include "domain/reconciler.h"

#include <QDeadlineTimer>
#include <QEventLoop>
#include <QHash>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSet>
#include <QSqlQuery>
#include <QThread>
#include <QTimer>

namespace boxoffice::test {

namespace {

constexpr int maxReconcileRuns = 8;
const QString keyPrefix = QStringLiteral("boxoffice-order-");

struct PaymentRow
{
    qint64 id = 0;
    qint64 order = 0;
    QString state;
    QString providerId;
    qint64 amount = 0;
    QString currency;
};

struct StrayRow
{
    QString refundState;
    qint64 amount = 0;
};

} // namespace

ChaosVerdict::ChaosVerdict(const ChaosWorld &world, QSqlDatabase database, ChaosStats &stats)
    : m_world(world), m_database(std::move(database)), m_stats(stats)
{ }

// Held events are sent, first attempts go out one at a time and failed ones come back within
// seconds: quiet when nothing is held or queued and no attempt was made for a while.
bool ChaosVerdict::waitForWebhooks()
{
    const QDeadlineTimer deadline(120000);
    int lastAttempted = -1;
    int quietRounds = 0;
    while (!deadline.hasExpired()) {
        const QJsonObject counters = m_world.control(QStringLiteral("/control/webhooks/flush"));
        const int attempted = counters.value(QStringLiteral("attempted")).toInt();
        const bool idle = counters.value(QStringLiteral("held")).toInt() == 0
            && counters.value(QStringLiteral("queued")).toInt() == 0 && attempted == lastAttempted;
        quietRounds = idle ? quietRounds + 1 : 0;
        if (quietRounds >= 4)
            return true;
        lastAttempted = attempted;
        QThread::msleep(500);
    }
    return false;
}

QStringList ChaosVerdict::settle()
{
    QStringList problems;
    m_world.behave({}); // no more planned trouble
    m_world.control(QStringLiteral("/control/webhooks"),
                    {{QStringLiteral("duplicate"), 0},
                     {QStringLiteral("delay_ms"), 0},
                     {QStringLiteral("reorder"), false},
                     {QStringLiteral("paused"), false}});
    // A hung charge answers after hangMs whatever the client did; after that nothing is on its way.
    QThread::msleep(ChaosWorld::hangMs + 500);
    if (!waitForWebhooks())
        problems << QStringLiteral("the provider's webhooks did not quieten within two minutes");

    QString error;
    auto session = ChaosSession::open(m_world, QStringLiteral("chaos-settle"), {}, {}, &error);
    if (!session)
        return problems << QStringLiteral("settling could not connect: ") + error;
    // Reading the provider's whole list takes longer than one charge: a patient client.
    HttpPaymentProvider provider(m_world.providerUrl, ChaosWorld::apiKey, 30000);
    bool clean = false;
    bool fastForwarded = false;
    for (int run = 0; run < maxReconcileRuns && !clean; ++run) {
        auto counts = Reconciler(*session->store, provider).run(0);
        ++m_reconcileRuns;
        if (!counts)
            return problems
                << QStringLiteral("reconciliation failed: %1 %2").arg(counts.error().message, counts.error().detail);
        m_stats.note(QStringLiteral("settle: reconciliation repaired %1")
                         .arg(counts->total() > 0 ? QStringLiteral("something") : QStringLiteral("nothing")));
        clean = counts->total() == 0 && counts->stillUnknown == 0;
        if (counts->stillUnknown > 0 && !fastForwarded) {
            // Every process that could send a charge is gone and every hung request has been answered:
            // the send window a payment still waits out covers requests that can no longer exist.
            QSqlQuery query(m_database);
            query.exec(QStringLiteral("UPDATE payments SET send_deadline = now() - interval '1 second'"
                                      " WHERE state IN ('CHARGING', 'UNKNOWN') AND send_deadline IS NOT NULL"));
            fastForwarded = true;
        }
    }
    if (!clean)
        problems << QStringLiteral("reconciliation still repaired something after %1 runs").arg(maxReconcileRuns);
    if (!waitForWebhooks()) // refunds carried out just now are announced too
        problems << QStringLiteral("the provider's webhooks did not quieten after reconciliation");
    return problems;
}

QJsonArray ChaosVerdict::providerCharges()
{
    // The provider's own records (its control endpoint, not the client under test), read patiently:
    // a long run leaves tens of thousands of charges.
    QNetworkAccessManager network;
    QNetworkReply *reply
        = network.get(QNetworkRequest(m_world.providerUrl.resolved(QUrl(QStringLiteral("/control/state")))));
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(120000, &loop, &QEventLoop::quit);
    loop.exec();
    const QJsonArray charges
        = QJsonDocument::fromJson(reply->readAll()).object().value(QStringLiteral("charges")).toArray();
    reply->deleteLater();
    return charges;
}

QStringList ChaosVerdict::providerChecks()
{
    QHash<QString, PaymentRow> byKey;
    QHash<qint64, qint64> refundedByPayment;
    QHash<QString, StrayRow> strays;
    QSqlQuery query(m_database);
    query.setForwardOnly(true);
    query.exec(QStringLiteral("SELECT id, order_id, idempotency_key, state, COALESCE(provider_payment_id, ''),"
                              " amount_minor, currency FROM payments"));
    while (query.next())
        byKey.insert(query.value(2).toString(),
                     PaymentRow{query.value(0).toLongLong(), query.value(1).toLongLong(), query.value(3).toString(),
                                query.value(4).toString(), query.value(5).toLongLong(),
                                query.value(6).toString().trimmed()});
    query.exec(QStringLiteral("SELECT payment_id, sum(amount_minor) FROM refunds WHERE state = 'SUCCEEDED'"
                              " AND payment_id IS NOT NULL GROUP BY payment_id"));
    while (query.next())
        refundedByPayment.insert(query.value(0).toLongLong(), query.value(1).toLongLong());
    query.exec(QStringLiteral("SELECT provider_payment_id, refund_state, amount_minor FROM stray_charges"));
    while (query.next())
        strays.insert(query.value(0).toString(), StrayRow{query.value(1).toString(), query.value(2).toLongLong()});

    QStringList found;
    auto report = [&found](const QString &line) {
        if (found.size() < 12)
            found << QStringLiteral("provider vs database: ") + line;
    };
    const QJsonArray charges = providerCharges();
    if (charges.isEmpty())
        report(QStringLiteral("the provider's charge list could not be read (or is empty)"));
    QHash<QString, int> perKey;
    QHash<QString, int> succeededPerOrder;
    QSet<qint64> matchedPayments;
    for (const QJsonValue &value : charges) {
        const QJsonObject charge = value.toObject();
        const QString id = charge.value(QStringLiteral("id")).toString();
        const QString key = charge.value(QStringLiteral("idempotency_key")).toString();
        const qint64 amount = charge.value(QStringLiteral("amount")).toInteger();
        const qint64 refunded = charge.value(QStringLiteral("amount_refunded")).toInteger();
        const QString currency = charge.value(QStringLiteral("currency")).toString().toUpper();
        if (!key.startsWith(keyPrefix))
            continue;
        if (++perKey[key] == 2)
            report(QStringLiteral("two charges under one key %1").arg(key));
        if (charge.value(QStringLiteral("status")).toString() != QLatin1String("succeeded"))
            continue; // no money moved
        const auto payment = byKey.constFind(key);
        const bool matches = payment != byKey.cend() && payment->state == QLatin1String("SUCCEEDED")
            && payment->providerId == id && payment->amount == amount && payment->currency == currency;
        const auto stray = strays.constFind(id);
        if (matches) {
            matchedPayments.insert(payment->id);
            if (++succeededPerOrder[charge.value(QStringLiteral("order_id")).toString()] == 2)
                report(QStringLiteral("order %1 charged twice").arg(payment->order));
            if (refunded != refundedByPayment.value(payment->id))
                report(QStringLiteral("charge %1 of order %2: the provider refunded %3, the database %4")
                           .arg(id)
                           .arg(payment->order)
                           .arg(refunded)
                           .arg(refundedByPayment.value(payment->id)));
        } else if (stray != strays.cend() && stray->refundState == QLatin1String("SUCCEEDED") && stray->amount == amount
                   && refunded == amount) {
            continue; // a charge no order keeps, given back in full
        } else {
            report(QStringLiteral("charge %1 under %2 (%3 %4, %5 refunded) matches no payment and is no refunded "
                                  "stray (payment: %6)")
                       .arg(id, key)
                       .arg(amount)
                       .arg(currency)
                       .arg(refunded)
                       .arg(payment == byKey.cend() ? QStringLiteral("none")
                                                    : payment->state + QLatin1Char(' ') + payment->providerId));
        }
    }
    for (const PaymentRow &payment : std::as_const(byKey)) {
        if (payment.state == QLatin1String("SUCCEEDED") && !matchedPayments.contains(payment.id))
            report(QStringLiteral("payment %1 of order %2 is recorded as taken, but the provider has no such charge")
                       .arg(payment.id)
                       .arg(payment.order));
    }
    m_stats.note(QStringLiteral("settle: provider charges listed %1")
                     .arg(charges.size() > 0 ? QStringLiteral("yes") : QStringLiteral("no")));
    return found;
}

QStringList ChaosVerdict::check()
{
    return databaseChecks() + providerChecks();
}

QStringList ChaosVerdict::summary()
{
    QStringList lines;
    QSqlQuery query(m_database);
    QStringList states;
    query.exec(QStringLiteral("SELECT state, count(*) FROM orders GROUP BY state ORDER BY state"));
    while (query.next())
        states << QStringLiteral("%1 %2").arg(query.value(0).toString()).arg(query.value(1).toLongLong());
    lines << QStringLiteral("orders by state: ") + states.join(QStringLiteral(", "));
    query.exec(QStringLiteral(
        "SELECT COALESCE(sum(captured_minor), 0), COALESCE(sum(refunded_minor), 0), COALESCE(sum(fees_minor), 0),"
        " COALESCE(sum(compensation_minor), 0),"
        " (SELECT COALESCE(sum(amount_minor), 0) FROM refunds WHERE state = 'SUCCEEDED'),"
        " (SELECT COALESCE(sum(amount_minor), 0) FROM order_lines WHERE state = 'SOLD')"
        " + (SELECT COALESCE(sum(amount_minor), 0) FROM order_pool_lines WHERE state = 'SOLD')"
        " + (SELECT COALESCE(sum(amount_minor), 0) FROM order_stay_lines WHERE state = 'SOLD')"
        " + (SELECT COALESCE(sum(amount_minor), 0) FROM order_slot_lines WHERE state = 'SOLD'),"
        " (SELECT count(*) FROM stray_charges), (SELECT count(*) FROM payments),"
        " (SELECT count(*) FROM order_lines WHERE state = 'REPLACED'), (SELECT count(*) FROM compensations),"
        " (SELECT count(*) FROM compensation_ledger WHERE action = 'WALK'),"
        // paid orders whose every unit still sold is a walked guest's stay: nothing left to refund
        " (SELECT count(*) FROM orders o WHERE o.state = 'PAID'"
        "   AND NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id AND l.state = 'SOLD')"
        "   AND NOT EXISTS (SELECT 1 FROM order_pool_lines l WHERE l.order_id = o.id AND l.state = 'SOLD')"
        "   AND NOT EXISTS (SELECT 1 FROM order_slot_lines l WHERE l.order_id = o.id AND l.state = 'SOLD')"
        "   AND NOT EXISTS (SELECT 1 FROM order_stay_lines l JOIN stays s ON s.id = l.stay_id"
        "                   WHERE l.order_id = o.id AND l.state = 'SOLD' AND s.state = 'BOOKED'))"
        " FROM order_money"));
    if (query.next())
        lines << QStringLiteral("money (minor units): taken %1, refunds due or done %2 (carried out %3), delivered %4, "
                                "fees kept %5, compensation paid %6; %7 payments, %8 stray charges")
                     .arg(query.value(0).toLongLong())
                     .arg(query.value(1).toLongLong())
                     .arg(query.value(4).toLongLong())
                     .arg(query.value(5).toLongLong())
                     .arg(query.value(2).toLongLong())
                     .arg(query.value(3).toLongLong())
                     .arg(query.value(7).toLongLong())
                     .arg(query.value(6).toLongLong())
              << QStringLiteral("seats replaced at settlement %1, refund cases opened %2, guests walked %3, "
                                "paid orders with nothing left to refund %4")
                     .arg(query.value(8).toLongLong())
                     .arg(query.value(9).toLongLong())
                     .arg(query.value(10).toLongLong())
                     .arg(query.value(11).toLongLong());
    lines << QStringLiteral("final reconciliation runs: %1").arg(m_reconcileRuns);
    return lines;
}

} // namespace boxoffice::test
