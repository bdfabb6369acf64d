#include "ui/frontdesk/foliopanel.h"

#include "ui/common/errortext.h"
#include "ui/common/money.h"
#include "ui/frontdesk/folioinvoice.h"
#include "ui/frontdesk/foliowords.h"
#include "ui/hotel/staysearchmodel.h"
#include "ui/sale/paymentdialog.h"

#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

namespace boxoffice {

FolioPanel::FolioPanel(QWidget *parent) : QWidget(parent)
{
    buildUi();
}

void FolioPanel::buildUi()
{
    auto *layout = new QVBoxLayout(this);
    m_title = new QLabel;
    m_title->setTextFormat(Qt::PlainText);
    layout->addWidget(m_title);

    m_charges = new QTableWidget(0, 6);
    m_charges->setObjectName(QStringLiteral("folioCharges"));
    m_charges->setAccessibleName(tr("Folio charges"));
    m_charges->setHorizontalHeaderLabels(
        {tr("Posted"), tr("Kind"), tr("Description"), tr("Quantity"), tr("Total"), tr("Status")});
    m_charges->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_charges->setSelectionMode(QAbstractItemView::SingleSelection);
    m_charges->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_charges->setTabKeyNavigation(false);
    m_charges->verticalHeader()->hide();
    m_charges->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_charges->horizontalHeader()->setSectionResizeMode(2, QHeaderView::Stretch);
    layout->addWidget(m_charges);

    // Posting a charge: kind, what it was, how many, the price of one.
    auto *post = new QHBoxLayout;
    m_kind = new QComboBox;
    m_kind->setAccessibleName(tr("Kind of charge"));
    for (FolioKind kind : {FolioKind::Minibar, FolioKind::Restaurant, FolioKind::Parking, FolioKind::Other})
        m_kind->addItem(folioKindWords(kind), int(kind));
    post->addWidget(m_kind);
    m_description = new QLineEdit;
    m_description->setPlaceholderText(tr("What was it? e.g. two beers"));
    m_description->setAccessibleName(tr("Description"));
    m_description->setMaxLength(200);
    post->addWidget(m_description, 1);
    m_quantity = new QSpinBox;
    m_quantity->setRange(1, 999);
    m_quantity->setAccessibleName(tr("Quantity"));
    m_quantity->setPrefix(tr("× "));
    post->addWidget(m_quantity);
    m_amount = new QLineEdit;
    m_amount->setAccessibleName(tr("Price of one"));
    post->addWidget(m_amount);
    m_post = new QPushButton(tr("&Post charge"));
    post->addWidget(m_post);
    layout->addLayout(post);
    connect(m_post, &QPushButton::clicked, this, &FolioPanel::postCharge);
    connect(m_amount, &QLineEdit::returnPressed, this, &FolioPanel::postCharge);

    m_balance = new QLabel;
    m_balance->setObjectName(QStringLiteral("folioBalance"));
    m_balance->setTextFormat(Qt::PlainText);
    layout->addWidget(m_balance);

    auto *actions = new QHBoxLayout;
    m_void = new QPushButton(tr("&Void charge… (manager)"));
    m_settle = new QPushButton(tr("&Settle and check out"));
    m_invoice = new QPushButton(tr("&Invoice PDF…"));
    actions->addWidget(m_void);
    actions->addStretch();
    actions->addWidget(m_invoice);
    actions->addWidget(m_settle);
    layout->addLayout(actions);
    connect(m_void, &QPushButton::clicked, this, &FolioPanel::voidSelectedCharge);
    connect(m_settle, &QPushButton::clicked, this, &FolioPanel::settleAndCheckOut);
    connect(m_invoice, &QPushButton::clicked, this, &FolioPanel::writeInvoice);

    m_message = new QLabel;
    m_message->setObjectName(QStringLiteral("folioMessage"));
    m_message->setTextFormat(Qt::PlainText);
    m_message->setWordWrap(true);
    layout->addWidget(m_message);
    showFolio(Folio{});
}

void FolioPanel::setService(FolioService *folio, const DatabaseCalls &calls)
{
    m_service = folio;
    m_calls = calls;
}

void FolioPanel::setStay(StayId stay)
{
    m_stay = stay;
    m_message->clear();
    reload();
}

void FolioPanel::reload()
{
    if (!m_service || !m_stay)
        return;
    const StayId stay = m_stay;
    auto read = m_calls([&] { return m_service->folio(stay); });
    if (!read) {
        showMessage(errorText(read.error()), true);
        return;
    }
    showFolio(read.value());
}

void FolioPanel::showFolio(const Folio &folio)
{
    const FolioChargeId chosen = selectedCharge();
    m_folio = folio;
    const QLocale locale;
    m_amount->setPlaceholderText(tr("Price of one, e.g. %1").arg(Money(450, folio.currency).inputText(locale)));
    m_title->setText(folio.stay ? tr("%1 — %2, %3, %4 to %5 (%6)")
                                      .arg(folio.guest, folio.reference, folio.roomType,
                                           locale.toString(folio.checkIn, QLocale::ShortFormat),
                                           locale.toString(folio.checkOut, QLocale::ShortFormat),
                                           StaySearchModel::stateText(folio.state))
                                : tr("Choose a stay to see its folio."));
    m_charges->clearSelection();
    m_charges->setRowCount(int(folio.charges.size()));
    for (int row = 0; row < folio.charges.size(); ++row) {
        const FolioCharge &charge = folio.charges.at(row);
        const QString status = charge.voided() ? tr("voided by %1: %2").arg(charge.voidedBy, charge.voidReason)
            : charge.settled()                 ? tr("paid")
                                               : tr("open");
        const QStringList cells{locale.toString(charge.postedAt.toLocalTime(), QLocale::ShortFormat) + QLatin1Char(' ')
                                    + charge.postedBy,
                                folioKindWords(charge.kind),
                                charge.description,
                                QString::number(charge.quantity),
                                charge.total().text(),
                                status};
        for (int column = 0; column < cells.size(); ++column) {
            auto *item = new QTableWidgetItem(cells.at(column));
            item->setData(Qt::UserRole, charge.id);
            if (column == 4)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_charges->setItem(row, column, item);
        }
        if (charge.id == chosen)
            m_charges->selectRow(row);
    }
    m_balance->setText(folio.stay ? tr("Balance %1: room %2, extras %3")
                                        .arg(folio.balance().text(), folio.roomOwed.text(), folio.openCharges().text())
                                  : QString());
    const bool inHouse = folio.state == StayState::CheckedIn && folio.stay;
    for (QWidget *widget :
         {static_cast<QWidget *>(m_kind), static_cast<QWidget *>(m_description), static_cast<QWidget *>(m_quantity),
          static_cast<QWidget *>(m_amount), static_cast<QWidget *>(m_post), static_cast<QWidget *>(m_void),
          static_cast<QWidget *>(m_settle)})
        widget->setEnabled(inHouse);
    m_invoice->setEnabled(folio.stay != 0);
}

FolioChargeId FolioPanel::selectedCharge() const
{
    const auto rows = m_charges->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return 0;
    const QTableWidgetItem *item = m_charges->item(rows.first().row(), 0);
    return item ? item->data(Qt::UserRole).toLongLong() : 0;
}

void FolioPanel::postCharge()
{
    if (!m_service || !m_stay)
        return;
    const auto amount = Money::read(m_amount->text(), m_folio.currency);
    if (!amount || amount->minor() <= 0) {
        showMessage(m_amount->text().trimmed().isEmpty() ? tr("Type the price of one.")
                                                         : unreadableMoneyMessage(m_amount->text(), m_folio.currency),
                    true);
        m_amount->setFocus();
        return;
    }
    const FolioChargeRequest request{m_stay, FolioKind(m_kind->currentData().toInt()), m_description->text(), *amount,
                                     m_quantity->value()};
    auto posted = m_calls([&] { return m_service->post(request); });
    if (!posted) {
        showMessage(errorText(posted.error()), true);
        return;
    }
    m_description->clear();
    m_amount->clear();
    m_quantity->setValue(1);
    reload();
    showMessage(tr("Posted: %1, %2.")
                    .arg(request.description.trimmed(),
                         request.amount.withMinor(request.amount.minor() * request.quantity).text()));
    m_description->setFocus();
}

void FolioPanel::voidSelectedCharge()
{
    const FolioChargeId charge = selectedCharge();
    if (!m_service || !charge) {
        showMessage(tr("Choose a charge in the list first."), true);
        return;
    }
    std::optional<QString> reason;
    if (voidReasonHook) {
        reason = voidReasonHook();
    } else {
        bool ok = false;
        const QString typed = QInputDialog::getText(this, tr("Void a charge"), tr("Why is this charge voided?"),
                                                    QLineEdit::Normal, QString(), &ok);
        if (ok)
            reason = typed;
    }
    if (!reason)
        return;
    const QString why = *reason;
    auto voided = m_calls([&] { return m_service->voidCharge(charge, why); });
    reload();
    if (!voided && voided.error().code == ErrorCode::PermissionDenied)
        showMessage(tr("Only a manager may void a charge: ask one to sign in."), true);
    else
        showMessage(voided ? tr("The charge was voided; it stays on the folio with the reason.")
                           : errorText(voided.error()),
                    !voided);
}

void FolioPanel::settleAndCheckOut()
{
    if (!m_service || !m_stay)
        return;
    reload(); // the guest is asked for the balance as it is now
    const Money balance = m_folio.balance();
    std::optional<CounterPayment> payment;
    if (balance.minor() > 0) {
        PaymentDialog dialog(balance, PaymentMethod::Cash, this);
        const bool accepted = paymentHook ? paymentHook(dialog) : dialog.exec() == QDialog::Accepted;
        if (!accepted)
            return;
        payment = dialog.payment();
    }
    const StayId stay = m_stay;
    auto settled = m_calls([&] { return m_service->settleAndCheckOut(stay, balance, payment); });
    const QString currency = m_folio.currency;
    reload();
    if (!settled) {
        QString text = errorText(settled.error());
        const QString giveBack = tr("No payment was recorded: give back what the guest handed over.");
        if (payment && !text.contains(giveBack))
            text += QLatin1Char(' ') + giveBack;
        showMessage(text, true);
        return;
    }
    showMessage(settled->settled ? tr("Paid %1; give %2 change. The guest is checked out.")
                                       .arg(settled->charged.text(), settled->change.text())
                                 : tr("Nothing was owed. The guest is checked out."));
    emit checkedOut(settled.value(), payment, currency);
}

void FolioPanel::writeInvoice()
{
    if (!m_service || !m_stay)
        return;
    reload();
    const QString suggested = tr("invoice-%1.pdf").arg(m_folio.reference);
    const QString path = invoicePathHook
        ? invoicePathHook()
        : QFileDialog::getSaveFileName(this, tr("Save the invoice"), suggested, tr("PDF documents (*.pdf)"));
    if (path.isEmpty())
        return;
    const Status written = writeFolioInvoicePdf(m_folio, path);
    showMessage(written ? tr("Invoice written to %1.").arg(path)
                        : tr("The invoice could not be written to %1.").arg(path),
                !written);
}

QString FolioPanel::message() const
{
    return m_message->text();
}

void FolioPanel::showMessage(const QString &text, bool problem)
{
    m_message->setText(text);
    m_message->setStyleSheet(problem ? QStringLiteral("color: #b00020;") : QString());
}

} // namespace boxoffice
