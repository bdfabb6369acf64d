// A venue's own idea of a good seat (section preference, focus, arena) goes into the database with the
// venue and comes back with the seat map, so best available on a map the desk loads from the database
// ranks as the venue description says. Read through a clerk's login, as the desk reads it.

#include "domain/bestavailable.h"
#include "storage/pgseatmapstore.h"
#include "storage/staffadmin.h"
#include "storage/venueloader.h"
#include "testdatabase.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTest>

using namespace boxoffice;
using namespace boxoffice::test;

namespace {

// Best available as the desk asks it: the top-ranked block, no random pick among the best few.
QStringList bestLabels(const SeatMap &map, const QVector<double> &quality, int count)
{
    BestAvailableRequest request;
    request.count = count;
    request.pickAmong = 1;
    QRandomGenerator random(13);
    const auto blocks = bestAvailableBlocks(map, quality, request, QDateTime::currentDateTimeUtc(), random);
    QStringList labels;
    if (blocks.isEmpty())
        return labels;
    QHash<UnitId, QString> byUnit;
    for (const SeatMapSeat &seat : map.seats)
        byUnit.insert(seat.unit, seat.label);
    for (UnitId unit : blocks.first())
        labels << byUnit.value(unit);
    return labels;
}

QString sectionOf(const QString &label)
{
    return label.section(QLatin1Char('-'), 0, 0);
}

} // namespace

class TestSeatScoring : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void scoringReadsBackFromTheDatabase_data();
    void scoringReadsBackFromTheDatabase();
    void bestFromTheDatabaseMatchesTheVenueFile_data();
    void bestFromTheDatabaseMatchesTheVenueFile();
    void aPreferenceLoweredInTheDatabaseMovesBestAvailable();

private:
    SeatMap mapFromDatabase(const QString &venue);

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<DatabaseConnection> m_clerkConnection;
    QString m_clerk;
    QHash<QString, VenueSpec> m_specs;
    QHash<QString, LoadedVenue> m_loaded;
};

void TestSeatScoring::initTestCase()
{
    m_db = std::make_unique<TestDatabase>(QStringLiteral("seatscoring"));
    QVERIFY2(m_db->ok(), qPrintable(m_db->failure()));

    auto theatre = VenueLoader::demoTheatre();
    auto stadium = VenueLoader::demoStadium();
    QVERIFY(theatre.ok() && stadium.ok());
    VenueSpec focused = TestDatabase::hallSpec(QStringLiteral("Focus Hall"), 3, 8, 600, 1, 3000);
    // Off-centre, so the stored focus, not the hall's middle, decides where the best seats are.
    focused.scoring.focus = QPointF(1.0, -2.25);
    focused.scoring.arena = false;
    focused.scoring.sectionPreference.insert(QStringLiteral("A"), 0.5);
    m_specs = {{QStringLiteral("theatre"), theatre.value()},
               {QStringLiteral("stadium"), stadium.value()},
               {QStringLiteral("focused"), focused}};

    VenueLoader loader(m_db->database());
    for (auto it = m_specs.cbegin(); it != m_specs.cend(); ++it) {
        QElapsedTimer timer;
        timer.start();
        const auto loaded = loader.load(it.value());
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : qPrintable(loaded.error().message + loaded.error().detail));
        QVERIFY(!loaded->alreadyPresent);
        m_loaded.insert(it.key(), loaded.value());
        qInfo("loaded %s (%d seats) in %lld ms", qPrintable(it.key()), loaded->seats, timer.elapsed());
    }

    m_clerk = QStringLiteral("scoringclerk_%1").arg(QCoreApplication::applicationPid());
    const QString password = QStringLiteral("clerk-pass-1");
    QVERIFY(StaffAdmin(m_db->database()).addStaff(m_clerk, password, StaffRole::Clerk).ok());
    ConnectionSettings settings = m_db->settings();
    settings.user = m_clerk;
    settings.password = password;
    auto connection = DatabaseConnection::open(settings, QStringLiteral("seatscoring"));
    QVERIFY2(connection.ok(), connection.ok() ? "" : qPrintable(connection.error().message));
    m_clerkConnection = std::move(connection.value());
}

void TestSeatScoring::cleanupTestCase()
{
    m_clerkConnection.reset();
    if (m_db && !m_clerk.isEmpty()) {
        m_db->exec(QStringLiteral("DROP OWNED BY %1").arg(m_clerk)); // letters, digits and '_' only
        m_db->exec(QStringLiteral("DROP ROLE IF EXISTS %1").arg(m_clerk));
    }
}

SeatMap TestSeatScoring::mapFromDatabase(const QString &venue)
{
    PgSeatMapStore store(m_clerkConnection->database());
    const auto map = store.seatMap(m_loaded.value(venue).eventId);
    if (!map) {
        qWarning("reading the %s map: %s %s", qPrintable(venue), qPrintable(map.error().message),
                 qPrintable(map.error().detail));
        return {};
    }
    return map.value();
}

void TestSeatScoring::scoringReadsBackFromTheDatabase_data()
{
    QTest::addColumn<QString>("venue");
    QTest::addColumn<QStringList>("lessPreferred");
    QTest::addColumn<double>("preference");
    QTest::newRow("theatre: the boxes at 0.75")
        << QStringLiteral("theatre") << QStringList{QStringLiteral("D"), QStringLiteral("E")} << 0.75;
    QTest::newRow("stadium: an arena, every block 1") << "stadium" << QStringList{} << 1.0;
    QTest::newRow("hall with a focus") << QStringLiteral("focused") << QStringList{QStringLiteral("A")} << 0.5;
}

void TestSeatScoring::scoringReadsBackFromTheDatabase()
{
    QFETCH(QString, venue);
    QFETCH(QStringList, lessPreferred);
    QFETCH(double, preference);
    const VenueSpec &spec = m_specs.value(venue);
    const SeatMap map = mapFromDatabase(venue);
    QCOMPARE(map.seats.size(), spec.seatCount());
    QCOMPARE(map.sections.size(), spec.sections.size());

    QCOMPARE(map.scoring.focus, spec.scoring.focus);
    QCOMPARE(map.scoring.arena, spec.scoring.arena);
    for (const SeatMapSection &section : map.sections) {
        const double expected = lessPreferred.contains(section.code) ? preference : 1.0;
        QCOMPARE(map.scoring.preferenceOf(section.code), expected);
        QCOMPARE(spec.scoring.preferenceOf(section.code), expected);
    }
    if (venue == QLatin1String("focused")) {
        QCOMPARE(map.scoring.focus, std::optional<QPointF>(QPointF(1.0, -2.25)));
        QCOMPARE(map.scoring.arena, std::optional<bool>(false));
    }
    if (venue == QLatin1String("stadium"))
        QCOMPARE(map.scoring.arena, std::optional<bool>(true));
    if (venue == QLatin1String("theatre")) {
        QVERIFY(!map.scoring.focus && !map.scoring.arena); // geometry decides: NULL came back as unset
    }
}

void TestSeatScoring::bestFromTheDatabaseMatchesTheVenueFile_data()
{
    QTest::addColumn<QString>("venue");
    QTest::addColumn<int>("count");
    QTest::addColumn<QStringList>("allowedSections");
    QTest::addColumn<QStringList>("expected"); // empty: any block of the allowed sections' front row
    const QStringList any;
    QTest::newRow("theatre best 4: front-centre stalls")
        << QStringLiteral("theatre") << 4 << QStringList{QStringLiteral("A")} << any;
    QTest::newRow("theatre best 2") << QStringLiteral("theatre") << 2 << QStringList{QStringLiteral("A")} << any;
    QTest::newRow("stadium best 4: the halfway line")
        << QStringLiteral("stadium") << 4
        << QStringList{QStringLiteral("105"), QStringLiteral("106"), QStringLiteral("125"), QStringLiteral("126")}
        << any;
    QTest::newRow("stadium best 8") << QStringLiteral("stadium") << 8
                                    << QStringList{QStringLiteral("105"), QStringLiteral("106"), QStringLiteral("125"),
                                                   QStringLiteral("126")}
                                    << any;
    QTest::newRow("hall with a focus at its left, best 2")
        << QStringLiteral("focused") << 2 << QStringList{QStringLiteral("A")}
        << QStringList{QStringLiteral("A-1-1"), QStringLiteral("A-1-2")};
}

void TestSeatScoring::bestFromTheDatabaseMatchesTheVenueFile()
{
    QFETCH(QString, venue);
    QFETCH(int, count);
    QFETCH(QStringList, allowedSections);
    QFETCH(QStringList, expected);
    const SeatMap stored = mapFromDatabase(venue);
    QVERIFY(!stored.seats.isEmpty());
    const SeatMap described = seatMapFromVenue(m_specs.value(venue));

    // What the desk's scene computes for the stored map, against the venue file's own answer.
    const QStringList fromDatabase = bestLabels(stored, seatQuality(stored, stored.scoring), count);
    const QStringList fromFile = bestLabels(described, seatQuality(described, described.scoring), count);
    QCOMPARE(fromDatabase.size(), count);
    QCOMPARE(fromDatabase, fromFile);
    for (const QString &label : fromDatabase) {
        QVERIFY2(allowedSections.contains(sectionOf(label)), qPrintable(fromDatabase.join(QLatin1Char(' '))));
        QCOMPARE(label.section(QLatin1Char('-'), 1, 1), QStringLiteral("1")); // the front row
    }
    if (!expected.isEmpty()) {
        QCOMPARE(fromDatabase, expected);
        QVERIFY(bestLabels(stored, seatQuality(stored, SeatScoring{}), count) != expected); // not by places alone
    }
}

// The stored preference, not the seats' places, decides: with the stalls' preference lowered in the
// database, best 4 leaves the stalls, though geometry alone still ranks them first.
void TestSeatScoring::aPreferenceLoweredInTheDatabaseMovesBestAvailable()
{
    const QVariantMap layout{{QStringLiteral("layout"), m_loaded.value(QStringLiteral("theatre")).layoutId}};
    QVERIFY(m_db->exec(QStringLiteral("UPDATE sections SET preference = 0.2 WHERE layout_id = :layout AND code = 'A'"),
                       layout));
    const SeatMap stored = mapFromDatabase(QStringLiteral("theatre"));
    QVERIFY(m_db->exec(QStringLiteral("UPDATE sections SET preference = 1 WHERE layout_id = :layout AND code = 'A'"),
                       layout));
    QCOMPARE(stored.scoring.preferenceOf(QStringLiteral("A")), 0.2);

    const QStringList byPlaces = bestLabels(stored, seatQuality(stored, SeatScoring{}), 4);
    QCOMPARE(sectionOf(byPlaces.value(0)), QStringLiteral("A"));
    const QStringList byVenue = bestLabels(stored, seatQuality(stored, stored.scoring), 4);
    QCOMPARE(byVenue.size(), 4);
    // The dress circle's front row: the next best view once the stalls count for less.
    QCOMPARE(sectionOf(byVenue.first()), QStringLiteral("B"));
    // The one-argument form (what bestAvailableBlocks falls back to) uses the map's own scoring too.
    QCOMPARE(bestLabels(stored, seatQuality(stored), 4), byVenue);
}

QTEST_GUILESS_MAIN(TestSeatScoring)
#include "tst_seatscoring.moc"
