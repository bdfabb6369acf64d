#pragma once

#include "cellresult.h"

#include <QTextStream>
#include <QVector>

namespace boxoffice::bench {

// The results as a table on stdout, one row per scenario and client count. It is Markdown as well, so
// a run can be pasted into docs/PERFORMANCE.md as it is. "busy elsewhere" is the share of the machine's
// CPU that other processes used during the run (see CpuWatch).
class ResultTable
{
public:
    explicit ResultTable(QTextStream &out) : m_out(out) { }

    void printHeader();
    void printRow(const CellResult &result);
    // Error texts, setup failures and audit findings collected along the way.
    void printNotes(const QVector<CellResult> &results);

private:
    QTextStream &m_out;
};

} // namespace boxoffice::bench
