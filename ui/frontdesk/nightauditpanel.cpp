#include "ui/frontdesk/nightauditpanel.h"

#include "ui/common/errortext.h"
#include "ui/common/money.h"

#include <QDateEdit>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QTableWidget>
#include <QVBoxLayout>

namespace boxoffice {

namespace {

QString outcomeWords(const NightAuditStay &stay)
{
    if (stay.outcome == StayState::Cancelled)
        return NightAuditPanel::tr("Cancelled (not guaranteed)");
    switch (stay.securedBy) {
    case NoShowSecurity::Guarantee:
        return NightAuditPanel::tr("No-show (guaranteed)");
    case NoShowSecurity::Prepaid:
        return NightAuditPanel::tr("No-show (prepaid)");
    case NoShowSecurity::Nothing:
        break;
    }
    return NightAuditPanel::tr("No-show");
}

} // namespace

NightAuditPanel::NightAuditPanel(bool manager, QWidget *parent) : QWidget(parent), m_manager(manager)
{
    auto *layout = new QVBoxLayout(this);
    auto *top = new QHBoxLayout;
    m_date = new QDateEdit(QDate::currentDate().addDays(-1));
    m_date->setObjectName(QStringLiteral("nightAuditDate"));
    m_date->setCalendarPopup(true);
    m_date->setDisplayFormat(QStringLiteral("yyyy-MM-dd"));
    m_date->setAccessibleName(tr("Business date"));
    auto *dateLabel = new QLabel(tr("Business &date:"));
    dateLabel->setBuddy(m_date);
    top->addWidget(dateLabel);
    top->addWidget(m_date);
    m_run = new QPushButton(tr("&Run night audit…"));
    m_run->setObjectName(QStringLiteral("runNightAudit"));
    top->addWidget(m_run);
    auto *reload = new QPushButton(tr("Show &report"));
    top->addWidget(reload);
    m_export = new QPushButton(tr("Export CS&V…"));
    m_export->setObjectName(QStringLiteral("exportNightAudit"));
    top->addWidget(m_export);
    top->addStretch(1);
    layout->addLayout(top);
    m_figures = new QLabel;
    m_figures->setObjectName(QStringLiteral("nightAuditFigures"));
    m_figures->setWordWrap(true);
    m_figures->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_figures);
    m_table = new QTableWidget(0, 8);
    m_table->setObjectName(QStringLiteral("nightAuditTable"));
    m_table->setAccessibleName(tr("Stays settled by the night audit"));
    m_table->setHorizontalHeaderLabels({tr("Reference"), tr("Guest"), tr("Room type"), tr("Nights"), tr("Outcome"),
                                        tr("Fee"), tr("Refunded"), tr("Nights back")});
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setTabKeyNavigation(false); // Tab leaves the table; the arrows move within it
    layout->addWidget(m_table, 1);
    m_message = new QLabel;
    m_message->setObjectName(QStringLiteral("nightAuditMessage"));
    m_message->setWordWrap(true);
    layout->addWidget(m_message);

    connect(m_date, &QDateEdit::dateChanged, this, &NightAuditPanel::showReport);
    connect(m_run, &QPushButton::clicked, this, &NightAuditPanel::runAudit);
    connect(reload, &QPushButton::clicked, this, &NightAuditPanel::showReport);
    connect(m_export, &QPushButton::clicked, this, &NightAuditPanel::exportRequested);
    showFigures();
    updateButtons();
}

void NightAuditPanel::setService(NightAuditService *service, DatabaseCalls calls)
{
    m_service = service;
    m_calls = std::move(calls);
    updateButtons();
}

void NightAuditPanel::setHotel(HotelId hotel)
{
    if (hotel == m_hotel)
        return;
    m_hotel = hotel;
    showReport();
}

void NightAuditPanel::setConnected(bool connected)
{
    m_connected = connected;
    updateButtons();
}

void NightAuditPanel::setBusinessDate(const QDate &date)
{
    if (m_date->date() == date)
        showReport();
    else
        m_date->setDate(date);
}

void NightAuditPanel::updateButtons()
{
    const bool usable = m_service && m_connected && m_hotel > 0;
    m_run->setEnabled(usable && m_manager);
    m_run->setToolTip(m_manager ? tr("Marks the day's no-shows, charges their fees per the cancellation policy "
                                     "and gives their nights back.")
                                : tr("Only a manager can run the night audit. You can read its report."));
    m_export->setEnabled(m_report.has_value());
}

void NightAuditPanel::runAudit()
{
    if (!m_service || m_hotel <= 0)
        return;
    const QDate date = m_date->date();
    const QString question
        = tr("Run the night audit for %1?\n\nGuests who were due by then and did not check in become no-shows: "
             "guaranteed and prepaid stays are charged the no-show fee of the cancellation policy, the others "
             "are cancelled, and all their nights go back on sale. This cannot be undone.")
              .arg(QLocale().toString(date, QLocale::LongFormat));
    const bool goAhead = confirmHook
        ? confirmHook(question)
        : QMessageBox::question(this, tr("Night audit"), question, QMessageBox::Yes | QMessageBox::Cancel,
                                QMessageBox::Cancel)
            == QMessageBox::Yes;
    if (!goAhead)
        return;
    const HotelId hotel = m_hotel;
    auto ran = m_calls([&] { return m_service->run(hotel, date); });
    if (!ran) {
        say(errorText(ran.error()), true);
        return;
    }
    m_report = ran.value();
    showFigures();
    updateButtons();
    if (ran->ranNow)
        say(tr("Night audit done: %n no-show(s), %1 in fees, %2 night(s) back on sale.", nullptr, ran->noShows)
                .arg(ran->fees.text())
                .arg(ran->nightsReleased));
    else
        say(tr("The night audit of this date had already run: nothing was charged again. Its report is shown."));
}

void NightAuditPanel::showReport()
{
    updateButtons();
    if (!m_service || m_hotel <= 0) {
        m_report.reset();
        showFigures();
        return;
    }
    const HotelId hotel = m_hotel;
    const QDate date = m_date->date();
    auto read = m_calls([&] { return m_service->report(hotel, date); });
    if (!read) {
        say(errorText(read.error()), true);
        return;
    }
    m_report = read.value();
    showFigures();
    updateButtons();
    say(QString());
}

QString NightAuditPanel::figures() const
{
    return m_figures->text();
}

QString NightAuditPanel::message() const
{
    return m_message->text();
}

void NightAuditPanel::showFigures()
{
    if (!m_report) {
        m_figures->setText(tr("The night audit has not run for this date."));
        m_table->setRowCount(0);
        return;
    }
    const NightAuditReport &r = *m_report;
    m_figures->setText(
        tr("Run by %1 at %2. Arrivals %3 · departures %4 · in house %5 of %6 rooms (%7%) · room revenue %8\n"
           "No-shows %9 · cancelled %10 · fees %11 · refunded %12 · nights back on sale %13")
            .arg(r.runBy, QLocale().toString(r.runAt.toLocalTime(), QLocale::ShortFormat))
            .arg(r.arrivals)
            .arg(r.departures)
            .arg(r.inHouse)
            .arg(r.rooms)
            .arg(r.occupancyPercent())
            .arg(r.roomRevenue.text())
            .arg(r.noShows)
            .arg(r.cancellations)
            .arg(r.fees.text(), r.refunded.text())
            .arg(r.nightsReleased));
    m_table->setRowCount(int(r.stays.size()));
    for (int row = 0; row < r.stays.size(); ++row) {
        const NightAuditStay &stay = r.stays.at(row);
        const QStringList cells{stay.reference,
                                stay.guest,
                                stay.roomType,
                                tr("%1 to %2")
                                    .arg(QLocale().toString(stay.checkIn, QLocale::ShortFormat),
                                         QLocale().toString(stay.checkOut, QLocale::ShortFormat)),
                                outcomeWords(stay),
                                stay.fee.text(),
                                stay.refunded.text(),
                                QString::number(stay.nightsReleased)};
        for (int column = 0; column < cells.size(); ++column)
            m_table->setItem(row, column, new QTableWidgetItem(cells.at(column)));
    }
}

Status NightAuditPanel::exportCsv(const QString &path) const
{
    if (!m_report)
        return makeError(ErrorCode::BadInput, tr("Run the night audit or show a report first."));
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return makeError(ErrorCode::BadInput, tr("Cannot write %1: %2").arg(path, file.errorString()));
    file.write(nightAuditCsv(*m_report).toUtf8());
    if (!file.commit())
        return makeError(ErrorCode::BadInput, tr("Cannot write %1: %2").arg(path, file.errorString()));
    return Done{};
}

void NightAuditPanel::exportRequested()
{
    if (!m_report)
        return;
    const QString suggested = QStringLiteral("night-audit-%1.csv").arg(m_report->businessDate.toString(Qt::ISODate));
    const QString path = savePathHook
        ? savePathHook()
        : QFileDialog::getSaveFileName(this, tr("Export the night audit"), suggested, tr("CSV files (*.csv)"));
    if (path.isEmpty())
        return;
    const Status written = exportCsv(path);
    say(written ? tr("Saved %1.").arg(path) : errorText(written.error()), !written);
}

void NightAuditPanel::say(const QString &text, bool problem)
{
    m_message->setText(text);
    m_message->setStyleSheet(problem ? QStringLiteral("color: #b00020;") : QString());
}

} // namespace boxoffice
