#pragma once

#include "domain/frontdesk.h"

#include <QWidget>

class QTableWidget;
class QLabel;

namespace boxoffice {

// Compensations per night and per reason with totals, as a table and a bar chart per reason, and
// the ledger as CSV for the accounts.
class CompensationReport : public QWidget
{
    Q_OBJECT
public:
    explicit CompensationReport(QWidget *parent = nullptr);

    void setEntries(const QVector<CompensationEntry> &entries);
    const QVector<CompensationEntry> &entries() const { return m_entries; }
    QTableWidget *table() const { return m_table; }
    // Writes the ledger as CSV; an error in words when the file cannot be written.
    Status exportCsv(const QString &path) const;

signals:
    void exportRequested();

private:
    QVector<CompensationEntry> m_entries;
    QTableWidget *m_table;
    QWidget *m_chart;
    QLabel *m_total;
};

} // namespace boxoffice
