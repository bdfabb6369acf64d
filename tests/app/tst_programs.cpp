// Every program answers --version and --help, and exits 0, on a terminal with no display: an operator
// asks these first, on a server that has none.

#include <QProcess>
#include <QRegularExpression>
#include <QTest>

class TestPrograms : public QObject
{
    Q_OBJECT

private slots:
    void answersVersionAndHelp_data();
    void answersVersionAndHelp();
    void ctlExplainsEveryCommand();
    void ctlRefusesAnOptionItsCommandDoesNotRead_data();
    void ctlRefusesAnOptionItsCommandDoesNotRead();
};

namespace {

struct Ran
{
    int exitCode = -1;
    QString out;
    QString err;
};

Ran runCtl(const QStringList &arguments)
{
    QProcess process;
    // A database that cannot be reached: a refused option must be refused before any connecting.
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("PGHOST"), QStringLiteral("/nonexistent"));
    process.setProcessEnvironment(environment);
    process.start(QString::fromUtf8(BOXOFFICE_CTL_PATH), arguments);
    if (!process.waitForFinished(30000))
        return {};
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromUtf8(process.readAllStandardOutput()), QString::fromUtf8(process.readAllStandardError())};
}

} // namespace

void TestPrograms::answersVersionAndHelp_data()
{
    QTest::addColumn<QString>("program");
    QTest::addColumn<QString>("flag");
    QTest::addColumn<QString>("expected");
    const QList<QPair<const char *, QString>> programs{{"boxoffice", QString::fromUtf8(BOXOFFICE_DESKTOP)},
                                                       {"boxoffice-web", QString::fromUtf8(BOXOFFICE_WEB)},
                                                       {"boxoffice-ctl", QString::fromUtf8(BOXOFFICE_CTL_PATH)},
                                                       {"boxoffice-fakepay", QString::fromUtf8(BOXOFFICE_FAKEPAY)}};
    for (const auto &[name, path] : programs) {
        // Each by its own name: an operator asking boxoffice-web learns it is boxoffice-web.
        QTest::addRow("%s --version", name)
            << path << QStringLiteral("--version")
            << QString::fromUtf8(name) + QLatin1Char(' ') + QStringLiteral(BOXOFFICE_VERSION);
        QTest::addRow("%s --help", name) << path << QStringLiteral("--help") << QStringLiteral("--version");
    }
}

void TestPrograms::answersVersionAndHelp()
{
    QFETCH(QString, program);
    QFETCH(QString, flag);
    QFETCH(QString, expected);
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(QStringLiteral("DISPLAY"));
    environment.remove(QStringLiteral("WAYLAND_DISPLAY"));
    environment.remove(QStringLiteral("QT_QPA_PLATFORM"));
    QProcess process;
    process.setProcessEnvironment(environment);
    process.start(program, {flag});
    QVERIFY2(process.waitForFinished(30000), qPrintable(program));
    const QString said = QString::fromUtf8(process.readAllStandardOutput() + process.readAllStandardError());
    QVERIFY2(process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0, qPrintable(said));
    QVERIFY2(said.contains(expected), qPrintable(said));
}

// Every command word --help lists has a `help COMMAND` page naming each option its usage line shows.
void TestPrograms::ctlExplainsEveryCommand()
{
    const Ran overview = runCtl({QStringLiteral("--help")});
    QCOMPARE(overview.exitCode, 0);
    const QString commandsPart
        = overview.out.section(QStringLiteral("Commands:\n"), 1).section(QStringLiteral("\n\n"), 0, 0);
    QStringList words;
    for (const QString &line : commandsPart.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
        words << line.trimmed().section(QLatin1Char(' '), 0, 0).remove(QLatin1Char(':'));
    words.removeAll(QStringLiteral("help"));
    QVERIFY2(words.size() > 25, qPrintable(commandsPart));
    static const QRegularExpression usedOption(QStringLiteral("--([a-z][a-z-]+)"));
    for (const QString &word : std::as_const(words)) {
        const Ran page = runCtl({QStringLiteral("help"), word});
        QVERIFY2(page.exitCode == 0, qPrintable(word + page.err));
        QVERIFY2(page.out.contains(QStringLiteral("--db URL")), qPrintable(page.out));
        // Each option the summary mentions is described on the page and accepted by the command.
        const QString summary = page.out.section(QLatin1Char('\n'), 2, 2);
        for (auto it = usedOption.globalMatch(summary); it.hasNext();) {
            const QString option = it.next().captured(1);
            QVERIFY2(page.out.contains(QStringLiteral("\n  --") + option),
                     qPrintable(word + QStringLiteral(": --") + option + page.out));
        }
        const Ran sameAsFlag = runCtl({word, QStringLiteral("--help")});
        QCOMPARE(sameAsFlag.out, page.out);
    }
    const Ran unknown = runCtl({QStringLiteral("help"), QStringLiteral("sell-everything")});
    QCOMPARE(unknown.exitCode, 2);
    QVERIFY2(unknown.err.contains(QStringLiteral("Unknown command")), qPrintable(unknown.err));
}

void TestPrograms::ctlRefusesAnOptionItsCommandDoesNotRead_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("stray");
    QTest::addRow("confirm --seats") << QStringList{
        QStringLiteral("confirm"), QStringLiteral("--order"), QStringLiteral("5"), QStringLiteral("--seats"),
        QStringLiteral("A-1-1")} << QStringLiteral("--seats");
    QTest::addRow("hold --order") << QStringList{QStringLiteral("hold"),  QStringLiteral("--event"),
                                                 QStringLiteral("1"),     QStringLiteral("--cart"),
                                                 QStringLiteral("c"),     QStringLiteral("--seats"),
                                                 QStringLiteral("A-1-1"), QStringLiteral("--order"),
                                                 QStringLiteral("3")}
                                  << QStringLiteral("--order");
    QTest::addRow("audit --once") << QStringList{QStringLiteral("--once"), QStringLiteral("audit")}
                                  << QStringLiteral("--once");
    QTest::addRow("availability --ttl=5") << QStringList{QStringLiteral("availability"), QStringLiteral("--event"),
                                                         QStringLiteral("1"), QStringLiteral("--ttl=5")}
                                          << QStringLiteral("--ttl");
}

// Refused with exit 2 and the way to find the right options, before the database is asked anything.
void TestPrograms::ctlRefusesAnOptionItsCommandDoesNotRead()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, stray);
    const Ran refused = runCtl(arguments);
    QCOMPARE(refused.exitCode, 2);
    QVERIFY2(refused.err.contains(stray + QStringLiteral(" is not an option of")), qPrintable(refused.err));
    QVERIFY2(refused.err.contains(QStringLiteral("boxoffice-ctl help ")
                                  + arguments.value(arguments.first().startsWith(QLatin1Char('-')) ? 1 : 0)),
             qPrintable(refused.err));
    // The same command without the stray option gets as far as the (unreachable) database: exit 1, not 2.
    QStringList without = arguments;
    const int at = without.indexOf(
        QRegularExpression(QStringLiteral("^") + QRegularExpression::escape(stray) + QStringLiteral("(=.*)?$")));
    QVERIFY(at >= 0);
    const bool inline_ = without.at(at).contains(QLatin1Char('='));
    without.remove(at, inline_ || stray == QLatin1String("--once") ? 1 : 2);
    QCOMPARE(runCtl(without).exitCode, 1);
}

QTEST_GUILESS_MAIN(TestPrograms)
#include "tst_programs.moc"
