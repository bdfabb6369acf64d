#include "commands.h"

#include "storage/staffadmin.h"

#include <QJsonArray>
#include <QSqlError>
#include <QSqlQuery>
#include <QTextStream>

#include <termios.h>
#include <unistd.h>

namespace boxoffice::ctl {

namespace {

// Read from the terminal without echo; from a pipe (scripts), one line as it comes.
QString readSecret(const QString &prompt)
{
    QTextStream err(stderr);
    QTextStream in(stdin);
    const bool terminal = isatty(STDIN_FILENO);
    termios saved{};
    if (terminal) {
        err << prompt;
        err.flush();
        tcgetattr(STDIN_FILENO, &saved);
        termios quiet = saved;
        quiet.c_lflag &= ~tcflag_t(ECHO);
        tcsetattr(STDIN_FILENO, TCSANOW, &quiet);
    }
    const QString secret = in.readLine();
    if (terminal) {
        tcsetattr(STDIN_FILENO, TCSANOW, &saved);
        err << '\n';
    }
    return secret;
}

} // namespace

int runStaff(CtlContext &context)
{
    const QStringList args = context.parser().positionalArguments();
    const QString action = args.value(1);
    if (action == QLatin1String("add")) {
        const QString login = args.value(2);
        const QString roleName = context.parser().value(QStringLiteral("role"));
        if (roleName != QLatin1String("clerk") && roleName != QLatin1String("manager"))
            return context.failUsage(QStringLiteral("Use: boxoffice-ctl staff add NAME --role clerk|manager"));
        if (auto status = StaffRules::checkLogin(login); !status)
            return context.fail(status.error());
        const QString password = readSecret(QStringLiteral("Password for %1: ").arg(login));
        if (isatty(STDIN_FILENO) && readSecret(QStringLiteral("Again: ")) != password)
            return context.failUsage(QStringLiteral("The two passwords differ; nothing was created."));
        auto connection = context.connect();
        if (!connection)
            return context.fail(connection.error());
        const StaffRole role = roleName == QLatin1String("manager") ? StaffRole::Manager : StaffRole::Clerk;
        if (auto status = StaffAdmin(connection.value()->database()).addStaff(login, password, role); !status)
            return context.fail(status.error());
        return context.succeed(
            {{QStringLiteral("ok"), true}, {QStringLiteral("login"), login}, {QStringLiteral("role"), roleName}},
            QStringLiteral("Created %1 login %2.").arg(roleName, login));
    }
    if (action == QLatin1String("list")) {
        auto connection = context.connect();
        if (!connection)
            return context.fail(connection.error());
        QSqlQuery query(connection.value()->database());
        if (!query.exec(QStringLiteral("SELECT r.rolname, CASE WHEN pg_has_role(r.oid, 'boxoffice_manager', 'MEMBER') "
                                       "THEN 'manager' ELSE 'clerk' END "
                                       "FROM pg_roles r WHERE r.rolcanlogin AND pg_has_role(r.oid, 'boxoffice_clerk', "
                                       "'MEMBER') AND NOT r.rolsuper "
                                       "ORDER BY 1")))
            return context.failUsage(query.lastError().text());
        QJsonArray json;
        QStringList lines;
        while (query.next()) {
            json.append(QJsonObject{{QStringLiteral("login"), query.value(0).toString()},
                                    {QStringLiteral("role"), query.value(1).toString()}});
            lines << QStringLiteral("%1  %2").arg(query.value(0).toString(), -20).arg(query.value(1).toString());
        }
        return context.succeed({{QStringLiteral("ok"), true}, {QStringLiteral("staff"), json}},
                               lines.isEmpty() ? QStringLiteral("No staff logins yet.")
                                               : lines.join(QLatin1Char('\n')));
    }
    return context.failUsage(QStringLiteral("Use: boxoffice-ctl staff add NAME --role clerk|manager | staff list"));
}

} // namespace boxoffice::ctl
