#include "ui/door/doorpanel.h"
#include "ui/common/errortext.h"
#include "ui/common/statewords.h"

#include <QDateTime>
#include <QFormLayout>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QSettings>
#include <QVBoxLayout>

namespace boxoffice {

namespace {

const QString gateKey = QStringLiteral("door/gate");

// Colours a door steward tells apart at a glance, also in a bright foyer.
QColor background(int tone)
{
    static const QColor colours[]
        = {QColor(0x5f, 0x6b, 0x76), QColor(0x1b, 0x7f, 0x3b), QColor(0xb3, 0x1b, 0x1b), QColor(0xb2, 0x6a, 0x00)};
    return colours[tone];
}

} // namespace

DoorPanel::DoorPanel(QWidget *parent) : QWidget(parent)
{
    buildUi();
    m_gate->setText(QSettings().value(gateKey).toString());
    setResult(Tone::Waiting, tr("READY"), tr("Scan a ticket."));
}

void DoorPanel::buildUi()
{
    auto *outer = new QVBoxLayout(this);
    auto *form = new QFormLayout;
    m_gate = new QLineEdit;
    m_gate->setObjectName(QStringLiteral("doorGate"));
    m_gate->setMaxLength(DoorRules::maxGateLength);
    m_gate->setPlaceholderText(tr("e.g. 2 or North door"));
    form->addRow(tr("This scanner is at gate:"), m_gate);
    m_code = new QLineEdit;
    m_code->setObjectName(QStringLiteral("doorCode"));
    m_code->setPlaceholderText(tr("Scan the ticket's QR code, or type the code and press Enter"));
    QFont codeFont = m_code->font();
    codeFont.setPointSizeF(codeFont.pointSizeF() * 1.4);
    m_code->setFont(codeFont);
    form->addRow(tr("Ticket:"), m_code);
    outer->addLayout(form);

    m_result = new QFrame;
    m_result->setObjectName(QStringLiteral("doorResult"));
    m_result->setAutoFillBackground(true);
    m_result->setMinimumHeight(220);
    auto *resultLayout = new QVBoxLayout(m_result);
    m_title = new QLabel;
    m_title->setObjectName(QStringLiteral("doorResultTitle"));
    m_title->setAlignment(Qt::AlignCenter);
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 4.5);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_detail = new QLabel;
    m_detail->setObjectName(QStringLiteral("doorResultDetail"));
    m_detail->setAlignment(Qt::AlignCenter);
    m_detail->setWordWrap(true);
    QFont detailFont = m_detail->font();
    detailFont.setPointSizeF(detailFont.pointSizeF() * 1.8);
    m_detail->setFont(detailFont);
    resultLayout->addStretch();
    resultLayout->addWidget(m_title);
    resultLayout->addWidget(m_detail);
    resultLayout->addStretch();
    outer->addWidget(m_result, 3);

    outer->addWidget(new QLabel(tr("Last scans at this terminal:")));
    m_recent = new QListWidget;
    m_recent->setAccessibleName(tr("Last scans at this terminal"));
    m_recent->setObjectName(QStringLiteral("doorRecent"));
    m_recent->setFocusPolicy(Qt::NoFocus); // the scanner's keystrokes must always land in the code field
    outer->addWidget(m_recent, 2);

    setFocusProxy(m_code);
    connect(m_code, &QLineEdit::returnPressed, this, [this] {
        const QString scanned = m_code->text();
        m_code->clear();
        scan(scanned);
        m_code->setFocus();
    });
    connect(m_gate, &QLineEdit::editingFinished, this, &DoorPanel::saveGate);
    connect(m_gate, &QLineEdit::returnPressed, m_code, qOverload<>(&QWidget::setFocus));
}

void DoorPanel::setService(DoorService *door, DatabaseCalls calls)
{
    m_door = door;
    m_calls = std::move(calls);
}

void DoorPanel::saveGate()
{
    QSettings().setValue(gateKey, m_gate->text().trimmed());
}

void DoorPanel::scan(const QString &scanned)
{
    if (scanned.trimmed().isEmpty())
        return;
    if (!m_door) {
        showProblem(tr("NOT CHECKED"), tr("Not connected to the server. Wait for the connection, then scan again."));
        return;
    }
    if (auto gate = DoorRules::gate(m_gate->text()); !gate) {
        showProblem(tr("NAME THE GATE"), tr("Type the gate this scanner is at, then scan again."));
        m_gate->setFocus();
        return;
    }
    saveGate();
    const QString gate = m_gate->text();
    const auto result = m_calls([&] { return m_door->admit(scanned, gate); });
    if (!result) {
        if (result.error().code == ErrorCode::BadInput) {
            setResult(Tone::Stop, tr("NOT A TICKET"), tr("This is not a box-office ticket code."));
            remember(Tone::Stop, tr("NOT A TICKET  %1").arg(scanned.trimmed().left(40)));
            return;
        }
        qCWarning(lcDoor) << "door scan failed:" << result.error().message << result.error().detail;
        showProblem(tr("NOT CHECKED"),
                    tr("The server did not answer (%1). Scan the ticket again.").arg(errorText(result.error())));
        return;
    }
    showScan(result.value());
}

void DoorPanel::showScan(const DoorScan &scan)
{
    const QString seat = seatWords(scan.ticket);
    switch (scan.outcome) {
    case DoorOutcome::Admitted:
    case DoorOutcome::Valid:
        setResult(Tone::Go, tr("ADMITTED"), seat);
        remember(Tone::Go, tr("ADMITTED  %1").arg(seat));
        return;
    case DoorOutcome::AlreadyAdmitted:
        setResult(Tone::Stop, tr("ALREADY ADMITTED"),
                  tr("Admitted at %1, gate %2. Do not let this ticket in again.\n%3")
                      .arg(admissionTime(scan.admission), scan.admission.gate, seat));
        remember(Tone::Stop, tr("ALREADY ADMITTED  %1 (%2)").arg(seat, admissionWords(scan.admission)));
        return;
    case DoorOutcome::NotValid: {
        QString detail = refusalWords(scan.refusal);
        if (!scan.admission.isNull())
            detail += QLatin1Char(' ') + tr("It had been admitted before: %1.").arg(admissionWords(scan.admission));
        setResult(Tone::Stop, tr("NOT VALID"), detail + QLatin1Char('\n') + seat);
        remember(Tone::Stop, tr("NOT VALID  %1 (%2)").arg(seat, refusalWords(scan.refusal)));
        return;
    }
    case DoorOutcome::Unknown:
        setResult(Tone::Stop, tr("NOT A TICKET"),
                  tr("No ticket with this code was ever issued. Ask for the order number and send the buyer to "
                     "the box office."));
        remember(Tone::Stop, tr("NOT A TICKET  %1").arg(scan.code));
        return;
    }
}

void DoorPanel::showProblem(const QString &title, const QString &detail)
{
    setResult(Tone::Problem, title, detail);
}

void DoorPanel::setResult(Tone tone, const QString &title, const QString &detail)
{
    QPalette palette = m_result->palette();
    palette.setColor(QPalette::Window, background(int(tone)));
    palette.setColor(QPalette::WindowText, Qt::white);
    m_result->setPalette(palette);
    m_title->setPalette(palette);
    m_detail->setPalette(palette);
    m_title->setText(title);
    m_detail->setText(detail);
}

void DoorPanel::remember(Tone tone, const QString &line)
{
    auto *item = new QListWidgetItem(
        QStringLiteral("%1  %2").arg(QDateTime::currentDateTime().toString(QStringLiteral("HH:mm:ss")), line));
    item->setForeground(tone == Tone::Go ? background(int(Tone::Go)) : background(int(Tone::Stop)));
    m_recent->insertItem(0, item);
    while (m_recent->count() > recentLimit)
        delete m_recent->takeItem(m_recent->count() - 1);
}

QString DoorPanel::resultTitle() const
{
    return m_title->text();
}

QString DoorPanel::resultDetail() const
{
    return m_detail->text();
}

QString DoorPanel::refusalWords(DoorRefusal refusal) const
{
    switch (refusal) {
    case DoorRefusal::Refunded:
        return tr("This ticket was refunded.");
    case DoorRefusal::Cancelled:
        return tr("This ticket was cancelled.");
    case DoorRefusal::NotPaid:
        return tr("This ticket is not paid.");
    case DoorRefusal::Exchanged:
        return tr("This ticket was exchanged for another seat.");
    case DoorRefusal::OtherEvent:
        return tr("This ticket is for another event.");
    case DoorRefusal::None:
        break;
    }
    return QString();
}

QString DoorPanel::admissionTime(const Admission &admission) const
{
    // The time alone on the night itself; a ticket shown again on another day gets its date too.
    const QDateTime local = admission.at.toLocalTime();
    return local.date() == QDate::currentDate() ? local.toString(QStringLiteral("HH:mm"))
                                                : QLocale().toString(local, QLocale::ShortFormat);
}

QString DoorPanel::admissionWords(const Admission &admission) const
{
    return tr("admitted at %1, gate %2").arg(admissionTime(admission), admission.gate);
}

QString DoorPanel::seatWords(const Ticket &ticket) const
{
    if (ticket.isStandingPlace())
        return tr("%1 — standing, %2, order %3").arg(ticket.eventName, ticket.sectionName).arg(ticket.order);
    return tr("%1 — seat %2 (%3), order %4")
        .arg(ticket.eventName, ticket.seatLabel, ticket.sectionName)
        .arg(ticket.order);
}

} // namespace boxoffice
