#include "ui/frontdesk/compensationreport.h"

#include "ui/common/money.h"
#include "ui/common/statewords.h"

#include <QFile>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMap>
#include <QPainter>
#include <QPushButton>
#include <QSaveFile>
#include <QTableWidget>
#include <QVBoxLayout>

namespace boxoffice {

namespace {

// Bars of the total paid per reason; painted, no chart library needed for a handful of bars.
class ReasonBars : public QWidget
{
public:
    explicit ReasonBars(QWidget *parent = nullptr) : QWidget(parent) { setMinimumHeight(140); }
    void setBars(QVector<QPair<QString, qint64>> bars, QString currency)
    {
        m_bars = std::move(bars);
        m_currency = std::move(currency);
        // The chart is painted: a screen reader gets its bars as text.
        QStringList spoken;
        for (const auto &bar : m_bars)
            spoken << bar.first + QStringLiteral(": ") + formatMoney(bar.second, m_currency);
        setAccessibleDescription(spoken.isEmpty() ? CompensationReport::tr("No compensations in this period.")
                                                  : spoken.join(QStringLiteral("; ")));
        update();
    }

protected:
    void paintEvent(QPaintEvent *) override
    {
        QPainter painter(this);
        painter.fillRect(rect(), palette().base());
        if (m_bars.isEmpty()) {
            painter.drawText(rect(), Qt::AlignCenter, CompensationReport::tr("No compensations in this period."));
            return;
        }
        qint64 largest = 1;
        for (const auto &bar : m_bars)
            largest = qMax(largest, bar.second);
        const int rowHeight = qMax(18, (height() - 8) / int(m_bars.size()));
        const int labelWidth = width() / 3;
        for (int i = 0; i < m_bars.size(); ++i) {
            const QRect row(4, 4 + i * rowHeight, width() - 8, rowHeight - 4);
            painter.setPen(palette().text().color());
            painter.drawText(QRect(row.left(), row.top(), labelWidth - 6, row.height()),
                             Qt::AlignVCenter | Qt::AlignRight,
                             painter.fontMetrics().elidedText(m_bars.at(i).first, Qt::ElideRight, labelWidth - 6));
            const int full = row.width() - labelWidth - 90;
            const int length = int(double(full) * double(m_bars.at(i).second) / double(largest));
            painter.fillRect(QRect(row.left() + labelWidth, row.top() + 2, qMax(2, length), row.height() - 4),
                             QColor(0xc0, 0x39, 0x2b));
            painter.drawText(QRect(row.left() + labelWidth + length + 6, row.top(), 90, row.height()), Qt::AlignVCenter,
                             formatMoney(m_bars.at(i).second, m_currency));
        }
    }

private:
    QVector<QPair<QString, qint64>> m_bars;
    QString m_currency;
};

} // namespace

CompensationReport::CompensationReport(QWidget *parent) : QWidget(parent)
{
    auto *layout = new QHBoxLayout(this);
    auto *left = new QVBoxLayout;
    m_table = new QTableWidget(0, 4);
    m_table->setObjectName(QStringLiteral("compensationTable"));
    m_table->setAccessibleName(tr("Compensations per night"));
    m_table->setHorizontalHeaderLabels({tr("Night"), tr("Reason"), tr("Cases"), tr("Paid")});
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setTabKeyNavigation(false); // Tab leaves the table; the arrows move within it
    left->addWidget(m_table);
    auto *bottom = new QHBoxLayout;
    m_total = new QLabel;
    bottom->addWidget(m_total, 1);
    auto *exportButton = new QPushButton(tr("Export CSV…"));
    bottom->addWidget(exportButton);
    left->addLayout(bottom);
    layout->addLayout(left, 3);
    m_chart = new ReasonBars;
    m_chart->setAccessibleName(tr("Compensations paid per reason"));
    layout->addWidget(m_chart, 2);
    connect(exportButton, &QPushButton::clicked, this, &CompensationReport::exportRequested);
}

void CompensationReport::setEntries(const QVector<CompensationEntry> &entries)
{
    m_entries = entries;
    // Per night and reason, then per reason for the chart; currency of the hotel (one per hotel).
    QMap<QPair<QDate, QString>, QPair<int, qint64>> perNight;
    QMap<QString, qint64> perReason;
    qint64 total = 0;
    QString currency;
    for (const CompensationEntry &entry : entries) {
        // A walk says where the guest went: the partner property is part of what was decided.
        const QString reason = entry.partner.isEmpty()
            ? overbookingWords(entry.action) + QStringLiteral(": ") + entry.reason
            : tr("%1 to %2: %3", "walk to <partner property>: <reason>")
                  .arg(overbookingWords(entry.action), entry.partner, entry.reason);
        auto &cell = perNight[qMakePair(entry.night, reason)];
        cell.first += 1;
        cell.second += entry.amount.minor();
        perReason[reason] += entry.amount.minor();
        total += entry.amount.minor();
        currency = entry.currency;
    }
    m_table->setRowCount(int(perNight.size()));
    int row = 0;
    for (auto it = perNight.cbegin(); it != perNight.cend(); ++it, ++row) {
        m_table->setItem(row, 0, new QTableWidgetItem(it.key().first.toString(Qt::ISODate)));
        m_table->setItem(row, 1, new QTableWidgetItem(it.key().second));
        m_table->setItem(row, 2, new QTableWidgetItem(QString::number(it.value().first)));
        m_table->setItem(row, 3, new QTableWidgetItem(formatMoney(it.value().second, currency)));
    }
    m_total->setText(
        tr("%n case(s), %1 paid in total", nullptr, int(entries.size())).arg(formatMoney(total, currency)));
    QVector<QPair<QString, qint64>> bars;
    for (auto it = perReason.cbegin(); it != perReason.cend(); ++it)
        bars << qMakePair(it.key(), it.value());
    static_cast<ReasonBars *>(m_chart)->setBars(bars, currency);
}

Status CompensationReport::exportCsv(const QString &path) const
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return makeError(ErrorCode::BadInput, tr("Cannot write %1: %2").arg(path, file.errorString()));
    file.write(compensationsCsv(m_entries).toUtf8());
    if (!file.commit())
        return makeError(ErrorCode::BadInput, tr("Cannot write %1: %2").arg(path, file.errorString()));
    return Done{};
}

} // namespace boxoffice
