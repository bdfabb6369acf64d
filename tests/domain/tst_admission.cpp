// The waiting room's pieces on their own: admission tokens and visitor tickets (forged, expired, for
// another event or buyer), the draw against arrival order, the in-memory store under many threads,
// and the admitter's automatic rate.

#include "domain/admissionmemorystore.h"
#include "domain/admissionrate.h"
#include "domain/admissiontoken.h"
#include "domain/admissionwaitingroom.h"

#include <QTest>
#include <QThread>

#include <algorithm>
#include <atomic>

using namespace boxoffice;

Q_DECLARE_METATYPE(std::optional<AdmissionRefusal>)

namespace {
const QByteArray secret = "admission-test-secret";
constexpr qint64 t0 = 1'800'000'000'000; // a fixed "now" in ms

OnSale sale(EventId event, qint64 drawClosesMs, double rate = 10, int tokenSeconds = 900)
{
    OnSale onSale;
    onSale.event = event;
    onSale.drawClosesAt = QDateTime::fromMSecsSinceEpoch(drawClosesMs, Qt::UTC);
    onSale.admitPerSecond = rate;
    onSale.tokenSeconds = tokenSeconds;
    return onSale;
}

// Flips one character of the signature (or the payload) so the token is well-formed but not signed.
QByteArray tampered(QByteArray token, bool inPayload)
{
    const int dot = token.indexOf('.');
    const int at = inPayload ? 2 : dot + 3;
    token[at] = token.at(at) == 'A' ? 'B' : 'A';
    return token;
}
} // namespace

class TestAdmission : public QObject
{
    Q_OBJECT

private slots:
    void tokenChecks_data();
    void tokenChecks();
    void tokenOfAnotherSecretIsForged();
    void ticketsCarryTheVisitorOnlyForTheirEvent();
    void visitorIdsAndScoresAreUnguessable();
    void drawnArrivalsAreShuffledLaterOnesQueue();
    void joiningTwiceKeepsTheFirstPlace();
    void aSignInHasOnePlaceAndOnlyItRedeemsIt();
    void admissionStartsAtTheDrawAndFollowsTheRate();
    void admitIssuesATokenOnlyOnceThePlaceIsAdmitted();
    void advanceFromManyThreadsCountsTimeOnce();
    void advanceNeverAdmitsMoreThanTheQueueHolds();
    void automaticRate_data();
    void automaticRate();
};

void TestAdmission::tokenChecks_data()
{
    QTest::addColumn<QByteArray>("token");
    QTest::addColumn<qint64>("now");
    QTest::addColumn<std::optional<AdmissionRefusal>>("expected");
    const AdmissionSigner signer(secret);
    const QByteArray good = signer.issueToken(7, 42, t0 + 60'000);
    QTest::newRow("valid") << good << t0 << std::optional<AdmissionRefusal>();
    QTest::newRow("valid with spaces around") << (" " + good + "\r\n") << t0 << std::optional<AdmissionRefusal>();
    QTest::newRow("missing") << QByteArray() << t0 << std::optional(AdmissionRefusal::Missing);
    QTest::newRow("expired") << good << t0 + 60'000 << std::optional(AdmissionRefusal::Expired);
    QTest::newRow("other event") << signer.issueToken(8, 42, t0 + 60'000) << t0
                                 << std::optional(AdmissionRefusal::OtherEvent);
    QTest::newRow("other buyer") << signer.issueToken(7, 43, t0 + 60'000) << t0
                                 << std::optional(AdmissionRefusal::OtherBuyer);
    QTest::newRow("signature changed") << tampered(good, false) << t0 << std::optional(AdmissionRefusal::Forged);
    QTest::newRow("payload changed") << tampered(good, true) << t0 << std::optional(AdmissionRefusal::Forged);
    // A buyer who rewrites the expiry (or the event, or the buyer) in the payload keeps the old signature.
    const QByteArray longer = QByteArray("a1.7.42.") + QByteArray::number(t0 + 86'400'000);
    const QByteArray rewritten
        = longer.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals) + '.' + good.split('.').at(1);
    QTest::newRow("expiry rewritten") << rewritten << t0 << std::optional(AdmissionRefusal::Forged);
    QTest::newRow("garbage") << QByteArray("not a token") << t0 << std::optional(AdmissionRefusal::Forged);
    QTest::newRow("three parts") << (good + ".x") << t0 << std::optional(AdmissionRefusal::Forged);
    QTest::newRow("a visitor ticket") << signer.issueTicket(7, QStringLiteral("abc")) << t0
                                      << std::optional(AdmissionRefusal::Forged);
}

void TestAdmission::tokenChecks()
{
    QFETCH(QByteArray, token);
    QFETCH(qint64, now);
    QFETCH(std::optional<AdmissionRefusal>, expected);
    const auto refusal = AdmissionSigner(secret).verifyToken(token, 7, 42, now);
    QCOMPARE(refusal.has_value(), expected.has_value());
    if (expected) {
        QCOMPARE(int(*refusal), int(*expected));
        QVERIFY(admissionRefusalCode(*refusal).startsWith(QLatin1String("admission_")));
        QVERIFY(!admissionRefusalMessage(*refusal).isEmpty());
    }
}

void TestAdmission::tokenOfAnotherSecretIsForged()
{
    const QByteArray other = AdmissionSigner(AdmissionSigner::randomSecret()).issueToken(7, 42, t0 + 60'000);
    QCOMPARE(int(AdmissionSigner(secret).verifyToken(other, 7, 42, t0).value()), int(AdmissionRefusal::Forged));
    QVERIFY(AdmissionSigner::randomSecret() != AdmissionSigner::randomSecret());
    QCOMPARE(AdmissionSigner::randomSecret().size(), 32);
}

void TestAdmission::ticketsCarryTheVisitorOnlyForTheirEvent()
{
    const AdmissionSigner signer(secret);
    const QString visitor = AdmissionSigner::newVisitorId();
    const QByteArray ticket = signer.issueTicket(7, visitor);
    QCOMPARE(signer.verifyTicket(ticket, 7).value_or(QString()), visitor);
    QVERIFY(!signer.verifyTicket(ticket, 8));
    QVERIFY(!signer.verifyTicket(tampered(ticket, false), 7));
    QVERIFY(!signer.verifyTicket(tampered(ticket, true), 7));
    QVERIFY(!AdmissionSigner("other").verifyTicket(ticket, 7));
    QVERIFY(!signer.verifyTicket(signer.issueToken(7, 42, t0), 7)); // a token is not a ticket
    QVERIFY(!signer.verifyTicket(QByteArray(), 7));
}

void TestAdmission::visitorIdsAndScoresAreUnguessable()
{
    QSet<QString> ids;
    for (int i = 0; i < 1000; ++i)
        ids.insert(AdmissionSigner::newVisitorId());
    QCOMPARE(ids.size(), 1000);
    QCOMPARE(ids.begin()->size(), 32);
    double sum = 0;
    for (int i = 0; i < 10000; ++i) {
        const double score = WaitingRoom::drawScore();
        QVERIFY(score >= 0 && score < 1);
        sum += score;
    }
    QVERIFY2(qAbs(sum / 10000 - 0.5) < 0.02, qPrintable(QString::number(sum / 10000))); // 7 sigma
}

void TestAdmission::aSignInHasOnePlaceAndOnlyItRedeemsIt()
{
    MemoryWaitingRoomStore store;
    const AdmissionSigner signer(secret);
    WaitingRoom room(store, signer);
    const OnSale onSale = sale(4, t0 + 10'000, 1000);
    // The same sign-in always has the same id in one event's queue (and another in another's); it
    // says nothing of the token, and another box office's secret gives another id.
    const QString alice = signer.visitorIdFor(4, QStringLiteral("alice-token"));
    QCOMPARE(signer.visitorIdFor(4, QStringLiteral("alice-token")), alice);
    QVERIFY(signer.visitorIdFor(5, QStringLiteral("alice-token")) != alice);
    QVERIFY(signer.visitorIdFor(4, QStringLiteral("bob-token")) != alice);
    QVERIFY(AdmissionSigner("another box office").visitorIdFor(4, QStringLiteral("alice-token")) != alice);
    QVERIFY(!alice.contains(QStringLiteral("alice")));
    QCOMPARE(alice.size(), 32);
    // Fifty more joins (reloads, tabs, a script) inside the window: still one place, the first draw.
    for (int i = 0; i < 200; ++i)
        QVERIFY(room.join(onSale, t0 + i, QStringLiteral("other-%1").arg(i)).ok());
    QVERIFY(room.join(onSale, t0 + 300, alice).ok());
    const qint64 first = store.position(4, alice).value();
    for (int i = 0; i < 50; ++i)
        QVERIFY(room.join(onSale, t0 + 400 + i, alice).ok());
    QCOMPARE(store.position(4, alice).value(), first);
    QCOMPARE(store.length(4).value(), qint64(201));
}

void TestAdmission::drawnArrivalsAreShuffledLaterOnesQueue()
{
    MemoryWaitingRoomStore store;
    const AdmissionSigner signer(secret);
    WaitingRoom room(store, signer);
    const OnSale onSale = sale(1, t0 + 10'000, 1000);
    QStringList drawn;
    for (int i = 0; i < 1000; ++i) {
        auto joined = room.join(onSale, t0 + i);
        QVERIFY(joined.ok());
        QVERIFY(joined->drawn);
        QCOMPARE(signer.verifyTicket(joined->ticket, 1).value_or(QString()), joined->visitor);
        drawn << joined->visitor;
    }
    QStringList late;
    for (int i = 0; i < 50; ++i) {
        auto joined = room.join(onSale, t0 + 10'000 + i);
        QVERIFY(joined.ok());
        QVERIFY(!joined->drawn);
        late << joined->visitor;
    }
    // Inside the window: positions are a permutation of 1..1000 with no tie to arrival.
    QVector<qint64> positions;
    double sumD2 = 0;
    for (int i = 0; i < drawn.size(); ++i) {
        auto view = room.standing(onSale, drawn.at(i), 1000, t0 + 5'000);
        QVERIFY(view.ok());
        QVERIFY(view->standing.drawPending);
        QVERIFY(!view->standing.admitted());
        QVERIFY(view->estimatedWaitSeconds >= 5);
        positions << view->standing.position;
        sumD2 += std::pow(double(view->standing.position - (i + 1)), 2);
    }
    std::sort(positions.begin(), positions.end());
    for (int i = 0; i < positions.size(); ++i)
        QCOMPARE(positions.at(i), qint64(i + 1));
    const double n = drawn.size();
    const double rho = 1 - 6 * sumD2 / (n * (n * n - 1));
    QVERIFY2(qAbs(rho) < 0.15, qPrintable(QString::number(rho))); // sd 0.03: about 5 sigma
    // After it: in arrival order, behind everyone drawn.
    for (int i = 0; i < late.size(); ++i)
        QCOMPARE(store.position(1, late.at(i)).value(), qint64(1001 + i));
    QCOMPARE(store.length(1).value(), qint64(1050));
    QCOMPARE(store.position(2, late.first()).error().code, ErrorCode::NotFound);
    QCOMPARE(store.position(1, QStringLiteral("never-joined")).error().code, ErrorCode::NotFound);
}

void TestAdmission::joiningTwiceKeepsTheFirstPlace()
{
    MemoryWaitingRoomStore store;
    QVERIFY(store.join(3, QStringLiteral("a"), 0.9).ok());
    QVERIFY(store.join(3, QStringLiteral("b"), 0.1).ok());
    QVERIFY(store.join(3, QStringLiteral("a"), 0.0).ok()); // a better draw is not on offer twice
    QCOMPARE(store.position(3, QStringLiteral("a")).value(), qint64(2));
    QCOMPARE(store.length(3).value(), qint64(2));
    QCOMPARE(store.join(3, QStringLiteral("c"), 1.0).error().code, ErrorCode::BadInput);
    QCOMPARE(store.join(3, QStringLiteral("c"), -0.1).error().code, ErrorCode::BadInput);
    QCOMPARE(store.join(3, QString(), std::nullopt).error().code, ErrorCode::BadInput);
}

void TestAdmission::admissionStartsAtTheDrawAndFollowsTheRate()
{
    MemoryWaitingRoomStore store;
    const AdmissionSigner signer(secret);
    WaitingRoom room(store, signer);
    const OnSale onSale = sale(4, t0, 10);
    QString last;
    for (int i = 0; i < 100; ++i)
        last = room.join(onSale, t0 - 1000).value().visitor;
    // Nobody asked until 3 s after the draw closed: those 3 s count all the same.
    auto view = room.standing(onSale, last, 10, t0 + 3'000);
    QVERIFY(view.ok());
    QCOMPARE(view->standing.admittedUpTo, qint64(30));
    QVERIFY(!view->standing.drawPending);
    QCOMPARE(view->length, qint64(100));
    const qint64 position = view->standing.position;
    QCOMPARE(view->estimatedWaitSeconds, position <= 30 ? 0.0 : double(position - 30) / 10);
    // Asking again at the same moment (or an earlier one) admits nobody more.
    QCOMPARE(room.standing(onSale, last, 10, t0 + 3'000)->standing.admittedUpTo, qint64(30));
    QCOMPARE(room.standing(onSale, last, 10, t0 + 2'000)->standing.admittedUpTo, qint64(30));
    QCOMPARE(room.standing(onSale, last, 10, t0 + 3'250)->standing.admittedUpTo, qint64(32)); // 32.5
    QCOMPARE(room.standing(onSale, last, 10, t0 + 3'300)->standing.admittedUpTo, qint64(33)); // fraction kept
}

void TestAdmission::admitIssuesATokenOnlyOnceThePlaceIsAdmitted()
{
    MemoryWaitingRoomStore store;
    const AdmissionSigner signer(secret);
    WaitingRoom room(store, signer);
    const OnSale onSale = sale(5, t0, 1, 120);
    const QString first = room.join(onSale, t0 + 1).value().visitor; // after the draw: FIFO
    const QString second = room.join(onSale, t0 + 2).value().visitor;
    QCOMPARE(room.admit(onSale, first, 42, 1, t0 - 1).error().code, ErrorCode::Conflict); // draw still open
    const auto early = room.admit(onSale, second, 43, 1, t0 + 1'500);
    QVERIFY(!early.ok());
    QCOMPARE(early.error().reason, QString::fromLatin1(ErrorReason::QueueNotAdmitted));
    auto admitted = room.admit(onSale, first, 42, 1, t0 + 1'500);
    QVERIFY(admitted.ok());
    QCOMPARE(admitted->expiresAtMs, t0 + 1'500 + 120'000);
    QVERIFY(!signer.verifyToken(admitted->token, 5, 42, t0 + 1'600));
    QCOMPARE(int(signer.verifyToken(admitted->token, 5, 43, t0 + 1'600).value()), int(AdmissionRefusal::OtherBuyer));
    QVERIFY(room.admit(onSale, second, 43, 1, t0 + 2'500).ok());
    QCOMPARE(room.admit(onSale, second, 0, 1, t0 + 2'500).error().code, ErrorCode::PermissionDenied);
    QCOMPARE(room.admit(onSale, QStringLiteral("nobody"), 43, 1, t0 + 2'500).error().code, ErrorCode::NotFound);
}

void TestAdmission::advanceFromManyThreadsCountsTimeOnce()
{
    // Eight "servers" advance one queue over the same 10 s in their own steps, out of order with each
    // other: 100 a second admits exactly 1,000 however often time was reported.
    MemoryWaitingRoomStore store;
    for (int i = 0; i < 2000; ++i)
        QVERIFY(store.join(6, QString::number(i), std::nullopt).ok());
    QVERIFY(store.advance(6, 100, t0).ok());
    std::atomic<int> failures{0};
    std::atomic<qint64> highest{0};
    QVector<QThread *> threads;
    for (int t = 0; t < 8; ++t) {
        threads << QThread::create([&, t] {
            for (qint64 ms = t; ms <= 10'000; ms += 7 + t) {
                auto admitted = store.advance(6, 100, t0 + ms);
                if (!admitted) {
                    ++failures;
                    continue;
                }
                qint64 seen = highest.load();
                while (admitted.value() > seen && !highest.compare_exchange_weak(seen, admitted.value())) { }
            }
            if (!store.advance(6, 100, t0 + 10'000))
                ++failures;
        });
        threads.last()->start();
    }
    for (QThread *thread : threads) {
        QVERIFY(thread->wait(60'000));
        delete thread;
    }
    QCOMPARE(failures.load(), 0);
    QCOMPARE(store.advance(6, 100, t0 + 10'000).value(), qint64(1000));
    QCOMPARE(highest.load(), qint64(1000));
    QCOMPARE(store.advance(6, 100, t0 + 5'000).value(), qint64(1000)); // the past changes nothing
}

void TestAdmission::advanceNeverAdmitsMoreThanTheQueueHolds()
{
    MemoryWaitingRoomStore store;
    QVERIFY(store.advance(9, 100, t0).ok());
    QVERIFY(store.join(9, QStringLiteral("a"), std::nullopt).ok());
    QCOMPARE(store.advance(9, 100, t0 + 60'000).value(), qint64(1)); // an idle minute banks nothing
    for (int i = 0; i < 10; ++i)
        QVERIFY(store.join(9, QString::number(i), std::nullopt).ok());
    QCOMPARE(store.advance(9, 100, t0 + 60'050).value(), qint64(6));
    QCOMPARE(store.advance(9, -1, t0 + 60'100).error().code, ErrorCode::BadInput);
}

void TestAdmission::automaticRate_data()
{
    QTest::addColumn<double>("current");
    QTest::addColumn<double>("granted");
    QTest::addColumn<double>("busy");
    QTest::addColumn<double>("expected");
    using R = AdmissionRateRules;
    QTest::newRow("nothing measured yet: the start") << 0.0 << 0.0 << 0.0 << R::start;
    QTest::newRow("room to spare, admissions in use: a step up") << 40.0 << 60.0 << 0.5 << 50.0;
    QTest::newRow("room to spare, admissions unused: steady") << 40.0 << 10.0 << 0.1 << 40.0;
    QTest::newRow("saturated: what the claims sustain") << 100.0 << 80.0 << 1.0 << 40.0;
    QTest::newRow("saturated but sustaining more: no faster") << 30.0 << 200.0 << 0.9 << 30.0;
    QTest::newRow("saturated with nothing granted: the floor") << 30.0 << 0.0 << 1.0 << R::floor;
    QTest::newRow("never above the cap") << 480.0 << 5000.0 << 0.1 << R::cap;
    QTest::newRow("nonsense measured: treated as saturated") << 20.0 << qQNaN() << qQNaN() << R::floor;
}

void TestAdmission::automaticRate()
{
    QFETCH(double, current);
    QFETCH(double, granted);
    QFETCH(double, busy);
    QFETCH(double, expected);
    QCOMPARE(nextAutomaticRate({current, granted, busy}), expected);
    QCOMPARE(admissionRate(25, expected), 25.0); // the operator's rate wins
    QCOMPARE(admissionRate(0, expected), expected);
}

QTEST_GUILESS_MAIN(TestAdmission)
#include "tst_admission.moc"
