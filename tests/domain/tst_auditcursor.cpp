#include "domain/auditcursor.h"

#include <QtTest>

using namespace boxoffice;

class TestAuditCursor : public QObject
{
    Q_OBJECT

private slots:
    void movesOverContiguousIds();
    void waitsAtAGapUntilItFills();
    void givesUpAGapAfterItsPatience();
    void eachGapGetsItsOwnPatience();
    void ignoresRepeatsAndOldIds();
};

void TestAuditCursor::movesOverContiguousIds()
{
    AuditCursor cursor(10);
    cursor.advance({11, 12, 13}, 0);
    QCOMPARE(cursor.position(), 13);
    QVERIFY(!cursor.waitingForGap());
}

void TestAuditCursor::waitsAtAGapUntilItFills()
{
    // 12 was handed out first but committed last: reading from 11 again must find it.
    AuditCursor cursor(10, 3000);
    cursor.advance({11, 13, 14}, 0);
    QCOMPARE(cursor.position(), 11);
    QVERIFY(cursor.waitingForGap());
    cursor.advance({13, 14}, 1000);
    QCOMPARE(cursor.position(), 11);
    cursor.advance({12, 13, 14, 15}, 2000);
    QCOMPARE(cursor.position(), 15);
    QVERIFY(!cursor.waitingForGap());
}

void TestAuditCursor::givesUpAGapAfterItsPatience()
{
    // A rolled-back transaction leaves a hole for good.
    AuditCursor cursor(0, 3000);
    cursor.advance({1, 3}, 0);
    QCOMPARE(cursor.position(), 1);
    cursor.advance({3}, 2999);
    QCOMPARE(cursor.position(), 1);
    cursor.advance({3, 4}, 3000);
    QCOMPARE(cursor.position(), 4);
}

void TestAuditCursor::eachGapGetsItsOwnPatience()
{
    AuditCursor cursor(0, 3000);
    cursor.advance({2, 4}, 0); // gaps at 1 and 3
    cursor.advance({1, 2, 4}, 2500); // the first fills late; the second has waited only now
    QCOMPARE(cursor.position(), 2);
    cursor.advance({4}, 4000);
    QCOMPARE(cursor.position(), 2);
    cursor.advance({4}, 5500);
    QCOMPARE(cursor.position(), 4);
}

void TestAuditCursor::ignoresRepeatsAndOldIds()
{
    AuditCursor cursor(5);
    cursor.advance({3, 4, 5, 6, 6, 7}, 0);
    QCOMPARE(cursor.position(), 7);
}

QTEST_APPLESS_MAIN(TestAuditCursor)
#include "tst_auditcursor.moc"
