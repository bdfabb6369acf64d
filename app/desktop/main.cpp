// boxoffice: the box-office desktop. Finds the database (--db, PG* variables, saved setting, or the
// user's private cluster with the demo loaded), signs the clerk in with their own database login, and
// opens the desk window.

#include "desksession.h"
#include "staffswitch.h"

#include "storage/databaseconnection.h"
#include "storage/databaselocator.h"
#include "storage/demoseed.h"
#include "storage/pginventorywatch.h"
#include "ui/common/errortext.h"
#include "ui/common/translations.h"
#include "ui/desk/deskwindow.h"
#include "ui/sale/serverclock.h"
#include "ui/signin/signindialog.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QMessageBox>
#include <QProgressDialog>
#include <QStandardPaths>
#include <QTimer>

using namespace boxoffice;

namespace {

// Shows each set-up step (starting the private cluster takes seconds) in one progress dialog.
class StartupProgress
{
public:
    StartupProgress() : m_dialog(QObject::tr("Starting the box office…"), QString(), 0, 0)
    {
        m_dialog.setWindowTitle(QObject::tr("Box office"));
        m_dialog.setMinimumDuration(300);
        m_dialog.setCancelButton(nullptr);
    }
    void note(const QString &message)
    {
        m_dialog.setLabelText(message);
        QCoreApplication::processEvents();
    }
    void progress(int done, int total)
    {
        m_dialog.setRange(0, total);
        m_dialog.setValue(done);
    }
    void close() { m_dialog.close(); }

private:
    QProgressDialog m_dialog;
};

int fail(const QString &what, const DomainError &error)
{
    qCritical("%s: %s", qPrintable(what), qPrintable(error.message));
    QMessageBox::critical(nullptr, QObject::tr("Box office"), QStringLiteral("%1\n\n%2").arg(what, errorText(error)));
    return 1;
}

// Schema and demo data on the private database; a shared server is only checked, never changed here
// (boxoffice-ctl migrate does that, run by whoever administers it).
Status prepareDatabase(const DatabaseChoice &choice, StartupProgress &progress)
{
    auto connection = DatabaseConnection::open(choice.settings, QStringLiteral("setup"));
    if (!connection)
        return connection.error();
    if (auto schema = prepareSchema(choice, connection.value()->database(), false,
                                    [&](const QString &message) { progress.note(message); });
        !schema)
        return schema;
    if (!choice.privateCluster)
        return Done{};
    DemoSeedOptions options;
    options.demoStaff = true;
    options.progress = [&](const QString &venue, int done, int total) {
        progress.note(QObject::tr("Loading the demo %1…").arg(venue));
        progress.progress(done, total);
    };
    auto seeded = seedDemo(connection.value()->database(), options);
    if (!seeded)
        return seeded.error();
    return Done{};
}

void describeOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(QObject::tr("Box-office desktop: sell seats at the counter."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOption(
        {QStringLiteral("db"), QObject::tr("PostgreSQL URL of the central inventory."), QStringLiteral("url")});
    parser.addOption({QStringLiteral("user"),
                      QObject::tr("Staff login. With BOXOFFICE_PASSWORD set, signs in without the dialog."),
                      QStringLiteral("name")});
    parser.addOption({QStringLiteral("event"), QObject::tr("Open this event first."), QStringLiteral("id")});
    parser.addOption({QStringLiteral("tickets"), QObject::tr("Folder for ticket PDFs."), QStringLiteral("folder")});
}

// --help and --version answer on a terminal without a display: a QApplication would need one first.
bool onlyAsksForHelpOrVersion(int argc, char *argv[])
{
    for (int i = 1; i < argc; ++i) {
        const QByteArray argument(argv[i]);
        if (argument == "--help" || argument == "-h" || argument == "-?" || argument == "--help-all"
            || argument == "--version" || argument == "-v")
            return true;
    }
    return false;
}

int answerWithoutDisplay(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("boxoffice"));
    QCoreApplication::setApplicationVersion(QStringLiteral(BOXOFFICE_VERSION));
    QCommandLineParser parser;
    describeOptions(parser);
    parser.process(app); // prints the help or the version and exits
    return 0;
}

} // namespace

int main(int argc, char *argv[])
{
    if (onlyAsksForHelpOrVersion(argc, argv))
        return answerWithoutDisplay(argc, argv);
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("boxoffice"));
    QCoreApplication::setApplicationName(QStringLiteral("boxoffice"));
    QCoreApplication::setApplicationVersion(QStringLiteral(BOXOFFICE_VERSION));
    installTranslations(app);
    QApplication::setApplicationDisplayName(QObject::tr("Box office"));
    // The desktop shell finds the menu entry and icon by this id (resources/desktop).
    QGuiApplication::setDesktopFileName(QStringLiteral("org.boxoffice.Desk"));
    // The SVG needs libqt6svg6's icon engine; the PNG renderings stand in where it is missing.
    QIcon icon(QStringLiteral(":/desktop/org.boxoffice.Desk.svg"));
    for (int size : {16, 32, 48, 64, 128, 256})
        icon.addFile(QStringLiteral(":/desktop/org.boxoffice.Desk-%1.png").arg(size), QSize(size, size));
    QApplication::setWindowIcon(icon);

    QCommandLineParser parser;
    describeOptions(parser);
    parser.process(app);

    StartupProgress progress;
    progress.note(QObject::tr("Looking for the database…"));
    auto choice
        = locateDatabase(parser.value(QStringLiteral("db")), [&](const QString &message) { progress.note(message); });
    if (!choice)
        return fail(QObject::tr("No database to work with."), choice.error());
    if (auto status = prepareDatabase(choice.value(), progress); !status)
        return fail(QObject::tr("The database is not ready for the box office."), status.error());
    progress.close();

    std::unique_ptr<DeskSession> session;
    ConnectionSettings staff = choice->settings;
    const auto signIn = [&](const QString &user, const QString &password) -> Status {
        staff.user = user;
        staff.password = password;
        auto opened = DeskSession::open(staff);
        if (!opened)
            return opened.error();
        session = std::move(opened.value());
        return Done{};
    };
    const QString presetUser = parser.value(QStringLiteral("user"));
    const QString presetPassword = qEnvironmentVariable("BOXOFFICE_PASSWORD");
    const QString where = choice->privateCluster
        ? QObject::tr("your private demo database on this computer (demo sign-in: %1 / %2)")
              .arg(QLatin1String(demoClerkLogin), QLatin1String(demoClerkPassword))
        : choice->settings.describe();
    if (!presetUser.isEmpty() && !presetPassword.isEmpty()) {
        if (auto status = signIn(presetUser, presetPassword); !status)
            return fail(QObject::tr("Signing in as %1 failed.").arg(presetUser), status.error());
    } else {
        SignInDialog dialog(where, signIn);
        dialog.setUser(presetUser);
        if (dialog.exec() != QDialog::Accepted)
            return 0;
    }

    ServerClock clock;
    if (auto reading = session->readServerClock(); reading)
        clock.calibrate(reading->serverNow, reading->sentAtUtc, reading->receivedAtUtc);

    // The watch's connection gets the counter's limits too: it is how a dead server is noticed.
    staff.limits = counterConnectionLimits();
    InventoryWatchThread watch(staff);
    DeskWindow window(StaffIdentity{staff.user, session->role(), choice->settings.describe()}, clock, watch.watch());
    QString tickets = parser.value(QStringLiteral("tickets"));
    if (tickets.isEmpty())
        tickets = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation) + QLatin1Char('/')
            + QObject::tr("Box office tickets");
    window.setTicketFolder(tickets);
    // After the server comes back, everything is rebuilt on a new connection and reloaded.
    SessionKeeper keeper(staff, std::move(session), window, watch.watch());
    staff.password.clear(); // the keeper holds the one copy it needs to reconnect
    // Ctrl+L hands the desk to the next clerk on this same window.
    StaffSwitch staffSwitch(keeper, window, where, &watch);

    if (parser.isSet(QStringLiteral("event")))
        window.selectEvent(parser.value(QStringLiteral("event")).toLongLong());
    clock.start();
    watch.start();
    window.show();
    return app.exec();
}
