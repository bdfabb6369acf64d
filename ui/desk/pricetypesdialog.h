#pragma once

#include "domain/pricetypes.h"

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QTableWidget;

namespace boxoffice {

// A manager's prices per band and type for one event: Adult, Child and Concession as money fields (a
// blank Child or Concession is not offered). What changed is handed back as a list; the desk sends it.
class PriceTypesDialog : public QDialog
{
    Q_OBJECT
public:
    enum Column { BandColumn, AdultColumn, ChildColumn, ConcessionColumn, ColumnCount };

    PriceTypesDialog(const QString &eventName, const QString &currency, const QVector<TypePrice> &prices,
                     QWidget *parent = nullptr);

    // The prices typed that differ from those shown at first; empty when something is unreadable.
    QVector<TypePrice> changes() const;
    QTableWidget *table() const { return m_table; }
    QDialogButtonBox *buttons() const { return m_buttons; }

private:
    void check();

    QString m_currency;
    QVector<TypePrice> m_prices;
    QStringList m_bands;
    QTableWidget *m_table = nullptr;
    QLabel *m_problem = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
};

} // namespace boxoffice
