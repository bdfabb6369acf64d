#include "environmentreport.h"

#include "storage/pgarrays.h"
#include "storage/sqlerrors.h"

#include <QFile>
#include <QSqlQuery>
#include <QSysInfo>
#include <QThread>
#include <QVariant>

namespace boxoffice::bench {

namespace {

const QStringList reportedSettings{
    QStringLiteral("server_version"),
    QStringLiteral("fsync"),
    QStringLiteral("synchronous_commit"),
    QStringLiteral("full_page_writes"),
    QStringLiteral("wal_sync_method"),
    QStringLiteral("commit_delay"),
    QStringLiteral("shared_buffers"),
    QStringLiteral("max_connections"),
    QStringLiteral("max_wal_size"),
    QStringLiteral("checkpoint_timeout"),
    QStringLiteral("default_transaction_isolation"),
};

QString cpuModel()
{
    QFile cpuinfo(QStringLiteral("/proc/cpuinfo"));
    if (!cpuinfo.open(QIODevice::ReadOnly | QIODevice::Text))
        return {};
    for (QByteArray line = cpuinfo.readLine(); !line.isEmpty(); line = cpuinfo.readLine()) {
        if (line.startsWith("model name"))
            return QString::fromUtf8(line.mid(line.indexOf(':') + 1)).simplified();
    }
    return {};
}

} // namespace

QString machineDescription()
{
    const QString model = cpuModel();
    return QStringLiteral("%1 logical cores%2, %3")
        .arg(QThread::idealThreadCount())
        .arg(model.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(model))
        .arg(QSysInfo::prettyProductName());
}

QString loadAverage()
{
    QFile file(QStringLiteral("/proc/loadavg"));
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        return QStringLiteral("unknown");
    const QStringList fields = QString::fromLatin1(file.readLine()).split(QLatin1Char(' '));
    return fields.mid(0, 3).join(QLatin1Char(' '));
}

Result<QVector<QPair<QString, QString>>> serverSettings(QSqlDatabase database)
{
    QSqlQuery query(database);
    query.setForwardOnly(true);
    // pg_settings gives each value with its unit resolved (shared_buffers as 128MB, not 16384).
    query.prepare(QStringLiteral("SELECT w.name, current_setting(w.name) "
                                 "FROM unnest(CAST(:names AS text[])) WITH ORDINALITY AS w(name, position) "
                                 "ORDER BY w.position"));
    query.bindValue(QStringLiteral(":names"), toTextArray(reportedSettings));
    if (!query.exec())
        return fromSqlError(query.lastError(), QStringLiteral("reading the server settings"));
    QVector<QPair<QString, QString>> settings;
    while (query.next())
        settings << qMakePair(query.value(0).toString(), query.value(1).toString());
    return settings;
}

} // namespace boxoffice::bench
