#include "storage/connectionsettings.h"

#include <QTest>

using namespace boxoffice;

Q_DECLARE_METATYPE(boxoffice::ConnectionLimits)

class TestConnectionSettings : public QObject
{
    Q_OBJECT

private slots:
    void parsesUrls_data();
    void parsesUrls();
    void rejectsBadUrls_data();
    void rejectsBadUrls();
    void describeNeverShowsThePassword();
    void limitsBecomeLibpqKeywords_data();
    void limitsBecomeLibpqKeywords();
    void theUrlsOwnOptionsComeLast();
};

void TestConnectionSettings::parsesUrls_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("host");
    QTest::addColumn<int>("port");
    QTest::addColumn<QString>("database");
    QTest::addColumn<QString>("user");
    QTest::addColumn<QString>("password");
    QTest::addColumn<QString>("options");

    QTest::newRow("full") << "postgresql://clerk:s3cret@db.example:6432/boxoffice?sslmode=require"
                          << "db.example" << 6432 << "boxoffice"
                          << "clerk"
                          << "s3cret"
                          << "sslmode=require";
    QTest::newRow("postgres scheme, no port") << "postgres://u@localhost/box"
                                              << "localhost" << -1 << "box"
                                              << "u"
                                              << ""
                                              << "";
    QTest::newRow("unix socket") << "postgresql:///boxoffice?host=/run/postgresql&port=5433"
                                 << "/run/postgresql" << 5433 << "boxoffice"
                                 << ""
                                 << ""
                                 << "";
    QTest::newRow("escaped password") << "postgresql://u:p%40ss%2Fw@h/d"
                                      << "h" << -1 << "d"
                                      << "u"
                                      << "p@ss/w"
                                      << "";
    QTest::newRow("several hosts") << "postgresql:///d?host=db1.example,db2.example&port=5433"
                                   << "db1.example,db2.example" << 5433 << "d"
                                   << ""
                                   << ""
                                   << "";
    // What `pg_autoctl show uri` prints for a formation: the primary is whichever host accepts writes.
    QTest::newRow("a pg_auto_failover formation")
        << "postgres://127.0.0.1:6001,127.0.0.1:6002/boxoffice?target_session_attrs=read-write&sslmode=prefer"
        << "127.0.0.1,127.0.0.1" << -1 << "boxoffice"
        << ""
        << ""
        << "target_session_attrs=read-write;sslmode=prefer;port=6001,6002";
    QTest::newRow("several hosts on one port, with a login")
        << "postgresql://web:pw@db1.example:5433,db2.example:5433/box?target_session_attrs=read-write"
        << "db1.example,db2.example" << 5433 << "box"
        << "web"
        << "pw"
        << "target_session_attrs=read-write";
    QTest::newRow("several hosts, default ports, an IPv6 one") << "postgresql://db1,[::1]/box"
                                                               << "db1,::1" << -1 << "box"
                                                               << ""
                                                               << ""
                                                               << "";
    QTest::newRow("a port per host in the query") << "postgresql:///box?host=/run/a,/run/b&port=6001,6002"
                                                  << "/run/a,/run/b" << -1 << "box"
                                                  << ""
                                                  << ""
                                                  << "port=6001,6002";
    QTest::newRow("a slash in the name, by dbname") << "postgresql://h/?dbname=a%2Fb"
                                                    << "h" << -1 << "a/b"
                                                    << ""
                                                    << ""
                                                    << "";
}

void TestConnectionSettings::parsesUrls()
{
    QFETCH(QString, url);
    QFETCH(QString, host);
    QFETCH(int, port);
    QFETCH(QString, database);
    QFETCH(QString, user);
    QFETCH(QString, password);
    QFETCH(QString, options);

    const auto settings = ConnectionSettings::fromUrl(url);
    QVERIFY2(settings.ok(), settings.ok() ? "" : qPrintable(settings.error().message));
    QCOMPARE(settings->host, host);
    QCOMPARE(settings->port, port);
    QCOMPARE(settings->database, database);
    QCOMPARE(settings->user, user);
    QCOMPARE(settings->password, password);
    QCOMPARE(settings->options, options);

    // and back again
    const auto again = ConnectionSettings::fromUrl(settings->toUrl(true));
    QVERIFY(again.ok());
    QCOMPARE(again->host, host);
    QCOMPARE(again->password, password);
    QCOMPARE(again->database, database);
    QCOMPARE(again->port, port);
    QCOMPARE(again->options, options);
}

void TestConnectionSettings::rejectsBadUrls_data()
{
    QTest::addColumn<QString>("url");
    QTest::newRow("wrong scheme") << "mysql://u@h/d";
    QTest::newRow("not a url") << "just some words";
    QTest::newRow("option injection") << "postgresql://h/d?sslmode=disable;host=evil";
    // Found by fuzz_connectionurl: each was accepted and meant something else written back.
    QTest::newRow("no // before the host") << "postgresql:,///boxoffice";
    QTest::newRow("a path of two names") << "postgresql://h/a/b";
    QTest::newRow("a negative port") << "postgresql:///d?host=/run/postgresql&port=-5";
    QTest::newRow("not a host name") << "postgresql:///d?host=.reg@(rssql";
    QTest::newRow("half an address") << "postgresql:///d?host=m:";
    QTest::newRow("two ports for three hosts") << "postgresql:///d?host=a,b,c&port=1,2";
    QTest::newRow("a port out of range in a host list") << "postgresql://a:1,b:70000/d";
    QTest::newRow("a word for a port in a host list") << "postgresql://a:1,b:x/d";
    // Found by CI's fuzz run: QString::toInt read the port up to the NUL, and the rest went to libpq.
    QTest::newRow("a NUL after a port in a host list") << QString::fromUtf8("postgresql://x,b:5433\0junk/d", 28);
    QTest::newRow("a control character in the database") << "postgresql://h/d\bx";
    QTest::newRow("a port with a sign in a host list") << "postgresql://a:+1,b:2/d";
}

void TestConnectionSettings::rejectsBadUrls()
{
    QFETCH(QString, url);
    const auto settings = ConnectionSettings::fromUrl(url);
    QVERIFY(!settings.ok());
    QCOMPARE(settings.error().code, ErrorCode::BadInput);
}

void TestConnectionSettings::describeNeverShowsThePassword()
{
    const auto settings = ConnectionSettings::fromUrl(QStringLiteral("postgresql://clerk:hunter2@h/d"));
    QVERIFY(settings.ok());
    QVERIFY(!settings->describe().contains(QStringLiteral("hunter2")));
    QVERIFY(!ConnectionSettings::fromUrl(QStringLiteral("mysql://u:hunter2@h/d"))
                 .error()
                 .message.contains(QStringLiteral("hunter2")));
}

void TestConnectionSettings::limitsBecomeLibpqKeywords_data()
{
    QTest::addColumn<ConnectionLimits>("limits");
    QTest::addColumn<QString>("options");

    QTest::newRow("defaults: only the connect timeout") << ConnectionLimits{} << "connect_timeout=10";
    ConnectionLimits counter;
    counter.connectTimeoutSeconds = 5;
    counter.statementTimeoutMs = 5000; // a session setting, not a libpq keyword
    counter.lockTimeoutMs = 3000;
    counter.keepalivesIdleSeconds = 5;
    counter.keepalivesIntervalSeconds = 2;
    counter.keepalivesCount = 3;
    counter.tcpUserTimeoutMs = 10000;
    QTest::newRow("a counter's") << counter
                                 << "connect_timeout=5;keepalives=1;keepalives_idle=5;keepalives_interval=2;"
                                    "keepalives_count=3;tcp_user_timeout=10000";
    ConnectionLimits idleOnly;
    idleOnly.connectTimeoutSeconds = 0;
    idleOnly.keepalivesIdleSeconds = 30;
    QTest::newRow("keepalives, system interval") << idleOnly << "keepalives=1;keepalives_idle=30";
    ConnectionLimits none;
    none.connectTimeoutSeconds = 0;
    QTest::newRow("nothing") << none << "";
}

void TestConnectionSettings::limitsBecomeLibpqKeywords()
{
    QFETCH(ConnectionLimits, limits);
    QFETCH(QString, options);
    QCOMPARE(limits.libpqOptions(), options);
    ConnectionSettings settings;
    settings.limits = limits;
    QCOMPARE(settings.connectOptions(), options);
}

void TestConnectionSettings::theUrlsOwnOptionsComeLast()
{
    auto parsed = ConnectionSettings::fromUrl(QStringLiteral("postgresql://u@h/d?sslmode=require&connect_timeout=30"));
    QVERIFY(parsed.ok());
    ConnectionSettings settings = parsed.value();
    settings.limits.connectTimeoutSeconds = 5;
    settings.limits.keepalivesIdleSeconds = 5;
    // libpq takes the last value of a keyword: what the administrator wrote in the URL wins.
    QCOMPARE(settings.connectOptions(),
             QStringLiteral("connect_timeout=5;keepalives=1;keepalives_idle=5;sslmode=require;connect_timeout=30"));
    // Limits are each program's choice, never part of the URL.
    QVERIFY(!settings.toUrl().contains(QLatin1String("keepalives")));
}

QTEST_GUILESS_MAIN(TestConnectionSettings)
#include "tst_connectionsettings.moc"
