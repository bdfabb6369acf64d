#pragma once

#include <QString>
#include <QVector>

namespace boxoffice {

// The result of checking the inventory's invariants. An empty list of findings means every check
// passed; each finding names the check, how many rows break it and a few examples to look at.
struct AuditFinding
{
    QString check;
    QString description;
    qint64 count = 0;
    QStringList examples;
};

struct AuditCheck
{
    QString name;
    QString description;
    bool passed = true;
};

struct AuditReport
{
    QVector<AuditCheck> checks;
    QVector<AuditFinding> findings;
    bool ok() const { return findings.isEmpty(); }
};

} // namespace boxoffice
