#include "ui/desk/pricetypesdialog.h"

#include "ui/common/money.h"
#include "ui/sale/cartmodel.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace boxoffice {

namespace {

constexpr PriceType columnTypes[] = {PriceType::Adult, PriceType::Child, PriceType::Concession};

} // namespace

PriceTypesDialog::PriceTypesDialog(const QString &eventName, const QString &currency, const QVector<TypePrice> &prices,
                                   QWidget *parent)
    : QDialog(parent), m_currency(currency), m_prices(prices)
{
    setWindowTitle(tr("Prices by type"));
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("%1: prices in %2 per band. A blank Child or Concession price is not offered; "
                                    "Complimentary is always free and needs a manager's reason at the sale.")
                                     .arg(eventName, currency)));
    for (const TypePrice &price : prices) {
        if (!m_bands.contains(price.bandCode))
            m_bands << price.bandCode;
    }
    m_table = new QTableWidget(int(m_bands.size()), ColumnCount);
    m_table->setObjectName(QStringLiteral("priceTypesTable"));
    m_table->setHorizontalHeaderLabels({tr("Band"), priceTypeText(PriceType::Adult), priceTypeText(PriceType::Child),
                                        priceTypeText(PriceType::Concession)});
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    for (int row = 0; row < m_bands.size(); ++row) {
        auto *band = new QTableWidgetItem;
        band->setFlags(Qt::ItemIsEnabled);
        for (int column = AdultColumn; column < ColumnCount; ++column)
            m_table->setItem(row, column, new QTableWidgetItem);
        for (const TypePrice &price : prices) {
            if (price.bandCode != m_bands.at(row))
                continue;
            band->setText(QStringLiteral("%1 %2").arg(price.bandCode, price.bandName));
            for (int column = AdultColumn; column < ColumnCount; ++column) {
                if (columnTypes[column - AdultColumn] == price.type)
                    m_table->item(row, column)->setText(price.amount.inputText());
            }
        }
        m_table->setItem(row, BandColumn, band);
    }
    layout->addWidget(m_table);
    m_problem = new QLabel;
    m_problem->setObjectName(QStringLiteral("priceTypesProblem"));
    m_problem->setStyleSheet(QStringLiteral("color:#b01c1c;"));
    layout->addWidget(m_problem);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_table, &QTableWidget::itemChanged, this, &PriceTypesDialog::check);
    resize(560, 300);
    check();
}

QVector<TypePrice> PriceTypesDialog::changes() const
{
    QVector<TypePrice> changed;
    for (int row = 0; row < m_bands.size(); ++row) {
        for (int column = AdultColumn; column < ColumnCount; ++column) {
            const QString text = m_table->item(row, column)->text().trimmed();
            const PriceType type = columnTypes[column - AdultColumn];
            if (text.isEmpty())
                continue; // blank: left as it is (not offered, or the band's price kept)
            const auto amount = Money::read(text, m_currency);
            if (!amount)
                return {};
            bool same = false;
            for (const TypePrice &price : m_prices)
                same = same
                    || (price.bandCode == m_bands.at(row) && price.type == type
                        && price.amount.minor() == amount->minor());
            if (!same)
                changed << TypePrice{m_bands.at(row), {}, type, *amount};
        }
    }
    return changed;
}

void PriceTypesDialog::check()
{
    // Read strictly: "-200", "1e3" and "2OO" are refused in words, never saved as another amount.
    QString problem;
    for (int row = 0; row < m_table->rowCount() && problem.isEmpty(); ++row) {
        for (int column = AdultColumn; column < ColumnCount && problem.isEmpty(); ++column) {
            const QTableWidgetItem *item = m_table->item(row, column);
            if (item && !item->text().trimmed().isEmpty() && !Money::read(item->text().trimmed(), m_currency))
                problem = unreadableMoneyMessage(item->text().trimmed(), m_currency);
        }
    }
    m_problem->setText(problem);
    m_buttons->button(QDialogButtonBox::Save)->setEnabled(problem.isEmpty());
}

} // namespace boxoffice
