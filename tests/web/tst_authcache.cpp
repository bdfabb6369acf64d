// The bearer token cache on its own: what it keeps, for how long, how many, and from how many threads.

#include "app/web/authcache.h"

#include <QThread>
#include <QtTest>

#include <atomic>

using namespace boxoffice;
using namespace boxoffice::web;

class TestAuthCache : public QObject
{
    Q_OBJECT

private slots:
    void anAcceptedTokenIsFoundUntilItExpires()
    {
        AuthCache cache(1, 100);
        QVERIFY(!cache.find(QStringLiteral("token-a")));
        cache.remember(QStringLiteral("token-a"), Buyer{7, QStringLiteral("Ada")});
        const auto found = cache.find(QStringLiteral("token-a"));
        QVERIFY(found);
        QCOMPARE(found->id, BuyerId(7));
        QVERIFY(!cache.find(QStringLiteral("token-b")));
        QVERIFY(!cache.find(QStringLiteral("token-A")));
        QCOMPARE(cache.hits(), quint64(1));
        QCOMPARE(cache.misses(), quint64(3));
        // Past its second the entry is not trusted any more: the database is asked again.
        QThread::msleep(1100);
        QVERIFY(!cache.find(QStringLiteral("token-a")));
    }

    void zeroSecondsTurnsItOff()
    {
        AuthCache cache(0, 100);
        QVERIFY(!cache.enabled());
        cache.remember(QStringLiteral("token-a"), Buyer{7, QStringLiteral("Ada")});
        QVERIFY(!cache.find(QStringLiteral("token-a")));
        QCOMPARE(cache.size(), 0);
    }

    void itNeverGrowsPastItsBound()
    {
        AuthCache cache(600, 16);
        for (int i = 0; i < 1000; ++i) {
            cache.remember(QStringLiteral("token-%1").arg(i), Buyer{BuyerId(i + 1), QString()});
            QVERIFY(cache.size() <= 16);
        }
        // The newest entry is always kept.
        QCOMPARE(cache.find(QStringLiteral("token-999"))->id, BuyerId(1000));
    }

    void manyThreadsShareIt()
    {
        AuthCache cache(600, 64);
        std::atomic<int> wrong{0};
        QVector<QThread *> threads;
        for (int t = 0; t < 8; ++t) {
            threads << QThread::create([&cache, &wrong, t] {
                for (int i = 0; i < 2000; ++i) {
                    const QString token = QStringLiteral("token-%1").arg((i * 7 + t) % 100);
                    const BuyerId id = (i * 7 + t) % 100 + 1;
                    cache.remember(token, Buyer{id, QString()});
                    if (auto found = cache.find(token); found && found->id != id)
                        ++wrong;
                }
            });
            threads.last()->start();
        }
        for (QThread *thread : threads) {
            thread->wait();
            delete thread;
        }
        QCOMPARE(wrong.load(), 0);
        QVERIFY(cache.size() <= 64);
    }
};

QTEST_GUILESS_MAIN(TestAuthCache)
#include "tst_authcache.moc"
