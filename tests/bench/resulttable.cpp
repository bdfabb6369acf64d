#include "resulttable.h"

#include <QLocale>

namespace boxoffice::bench {

namespace {

struct Column
{
    const char *title;
    int width;
    bool left;
};

const Column columns[] = {
    {"scenario", 16, true},        {"clients", 7, false},      {"secs", 5, false},    {"attempts/s", 10, false},
    {"granted/s", 9, false},       {"p50 ms", 7, false},       {"p95 ms", 7, false},  {"p99 ms", 8, false},
    {"lost", 10, false},           {"deadlock", 8, false},     {"serial.", 7, false}, {"timeout", 7, false},
    {"other", 6, false},           {"double sold", 11, false}, {"db diff", 7, false}, {"audit", 5, true},
    {"busy elsewhere", 14, false},
};

QString count(double value)
{
    return QLocale(QLocale::English).toString(qint64(value + 0.5));
}

// Rates below ten keep a decimal: the hot scenario's 10 grants in 15 s are 0.7/s, not 1.
QString rate(double value)
{
    return value < 10 ? QString::number(value, 'f', 1) : count(value);
}

QString milliseconds(double value)
{
    return QString::number(value, 'f', value < 10 ? 2 : (value < 1000 ? 1 : 0));
}

void printCells(QTextStream &out, const QStringList &cells)
{
    out << '|';
    for (int i = 0; i < cells.size(); ++i) {
        const Column &column = columns[i];
        const QString text = column.left ? cells[i].leftJustified(column.width) : cells[i].rightJustified(column.width);
        out << ' ' << text << " |";
    }
    out << '\n';
}

} // namespace

void ResultTable::printHeader()
{
    QStringList titles;
    QStringList rules;
    for (const Column &column : columns) {
        titles << QString::fromLatin1(column.title);
        rules << (column.left ? QString(column.width, QLatin1Char('-'))
                              : QString(column.width - 1, QLatin1Char('-')) + QLatin1Char(':'));
    }
    printCells(m_out, titles);
    printCells(m_out, rules);
    m_out.flush();
}

void ResultTable::printRow(const CellResult &result)
{
    printCells(m_out,
               {
                   result.scenario,
                   QString::number(result.clients),
                   QString::number(result.seconds, 'f', 1),
                   rate(result.attemptsPerSecond()),
                   rate(result.grantedPerSecond()),
                   milliseconds(result.latency.p50Ms),
                   milliseconds(result.latency.p95Ms),
                   milliseconds(result.latency.p99Ms),
                   count(double(result.count(Outcome::Lost))),
                   count(double(result.count(Outcome::Deadlock))),
                   count(double(result.count(Outcome::Serialization))),
                   count(double(result.count(Outcome::Timeout))),
                   count(double(result.count(Outcome::Other))),
                   QString::number(result.doubleSold),
                   QString::number(result.databaseMismatches),
                   result.auditOk ? QStringLiteral("ok") : QStringLiteral("FAIL"),
                   result.othersShare < 0 ? QStringLiteral("?")
                                          : QString::number(qRound(result.othersShare * 100)) + QLatin1Char('%'),
               });
    m_out.flush();
}

void ResultTable::printNotes(const QVector<CellResult> &results)
{
    bool any = false;
    QStringList disturbed;
    for (const CellResult &result : results) {
        if (result.disturbed())
            disturbed << QStringLiteral("%1 x%2").arg(result.scenario).arg(result.clients);
    }
    if (!disturbed.isEmpty()) {
        any = true;
        m_out << "\nNotes:\n- other processes used more than a tenth of the machine during "
              << disturbed.join(QStringLiteral(", "))
              << ": their figures say more about that load than about the claim path; run them again\n";
    }
    for (const CellResult &result : results) {
        if (result.notes.isEmpty() && result.clientsFailed == 0)
            continue;
        if (!any)
            m_out << "\nNotes:\n";
        any = true;
        const QString cell = QStringLiteral("%1 x%2").arg(result.scenario).arg(result.clients);
        if (result.clientsFailed > 0)
            m_out << "- " << cell << ": " << result.clientsFailed << " clients could not connect or prepare\n";
        for (const QString &note : result.notes)
            m_out << "- " << cell << ": " << note << '\n';
    }
    m_out.flush();
}

} // namespace boxoffice::bench
