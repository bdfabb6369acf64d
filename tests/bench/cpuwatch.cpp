#include "cpuwatch.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QStringList>

namespace boxoffice::bench {

namespace {

// The fields of /proc/<pid>/stat after the command name, which may itself contain spaces.
QList<QByteArray> processFields(qint64 pid)
{
    QFile file(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QByteArray line = file.readAll();
    const int close = line.lastIndexOf(')');
    return close < 0 ? QList<QByteArray>() : line.mid(close + 2).split(' ');
}

// utime + stime, and with `reaped` also the CPU of children that exited (cutime + cstime).
qint64 processTicks(const QList<QByteArray> &fields, bool reaped)
{
    // After the name, field 0 is the state; utime, stime, cutime, cstime are fields 11 to 14.
    if (fields.size() < 15)
        return 0;
    qint64 ticks = fields[11].toLongLong() + fields[12].toLongLong();
    if (reaped)
        ticks += fields[13].toLongLong() + fields[14].toLongLong();
    return ticks;
}

} // namespace

CpuWatch::Sample CpuWatch::sample() const
{
    Sample sample;
    QFile stat(QStringLiteral("/proc/stat"));
    if (stat.open(QIODevice::ReadOnly)) {
        // cpu user nice system idle iowait irq softirq steal ...
        const QList<QByteArray> cpu = stat.readLine().simplified().split(' ');
        if (cpu.size() > 8) {
            sample.machineBusy = cpu[1].toLongLong() + cpu[2].toLongLong() + cpu[3].toLongLong() + cpu[6].toLongLong()
                + cpu[7].toLongLong();
            sample.machineTotal = sample.machineBusy + cpu[4].toLongLong() + cpu[5].toLongLong() + cpu[8].toLongLong();
        }
    }
    sample.ours = processTicks(processFields(QCoreApplication::applicationPid()), false) + serverTicks();
    return sample;
}

double CpuWatch::othersShare(const Sample &before, const Sample &after) const
{
    const qint64 total = after.machineTotal - before.machineTotal;
    if (m_serverPid <= 0 || total <= 0)
        return -1;
    const qint64 others = (after.machineBusy - before.machineBusy) - (after.ours - before.ours);
    return qBound(0.0, double(others) / double(total), 1.0);
}

qint64 CpuWatch::serverTicks() const
{
    if (m_serverPid <= 0)
        return 0;
    // The postmaster with its exited backends, plus every live child (backends, checkpointer, WAL
    // writer, autovacuum): a backend's time moves from the second sum to the first when it exits.
    // The bench's own live children count too: the boxoffice-web of the HTTP scenarios is part of
    // what is measured, not other load.
    qint64 ticks = processTicks(processFields(m_serverPid), true);
    const QByteArray server = QByteArray::number(m_serverPid);
    const QByteArray bench = QByteArray::number(QCoreApplication::applicationPid());
    const QStringList pids = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &pid : pids) {
        bool numeric = false;
        const qint64 id = pid.toLongLong(&numeric);
        if (!numeric || id == m_serverPid)
            continue;
        const QList<QByteArray> fields = processFields(id);
        if (fields.size() > 1 && (fields[1] == server || fields[1] == bench))
            ticks += processTicks(fields, false);
    }
    return ticks;
}

qint64 CpuWatch::postmasterOf(qint64 backendPid)
{
    const QList<QByteArray> fields = processFields(backendPid);
    return fields.size() > 1 ? fields[1].toLongLong() : 0;
}

} // namespace boxoffice::bench
