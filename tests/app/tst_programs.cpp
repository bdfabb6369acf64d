// Every program answers --version and --help, and exits 0, on a terminal with no display: an operator
// asks these first, on a server that has none.

#include <QProcess>
#include <QTest>

class TestPrograms : public QObject
{
    Q_OBJECT

private slots:
    void answersVersionAndHelp_data();
    void answersVersionAndHelp();
};

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
        QTest::addRow("%s --version", name) << path << QStringLiteral("--version") << QStringLiteral(BOXOFFICE_VERSION);
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

QTEST_GUILESS_MAIN(TestPrograms)
#include "tst_programs.moc"
