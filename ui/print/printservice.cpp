#include "ui/print/printservice.h"

#include "tickets/pageddocument.h"
#include "tickets/ticketrenderer.h"
#include "ui/receipts/receiptdocument.h"

#include <QFutureWatcher>
#include <QPrintDialog>
#include <QPrinter>
#include <QPrinterInfo>
#include <QProgressDialog>
#include <QPromise>
#include <QWidget>

namespace boxoffice {

namespace {

QPageLayout presetLayout(PrintKind kind)
{
    if (kind == PrintKind::Tickets)
        return TicketStocks::pageLayout(PrintSettings::ticketStock());
    // A receipt's roll page is as long as the receipt; a sample one shows the dialog the right paper.
    return ReceiptDocument(Receipt{}, PrintSettings::receiptStock()).pageLayout();
}

QString destination(const PrinterChoice &choice)
{
    return choice.pdfFile.isEmpty() ? choice.printerName : choice.pdfFile;
}

} // namespace

PrintService::PrintService(QWidget *window) : QObject(window), m_window(window)
{
    m_pool.setMaxThreadCount(1);
}

PrintService::~PrintService()
{
    // A job under way finishes its pages rather than leaving half a job in the printer's queue.
    m_pool.waitForDone();
}

bool PrintService::hasPrinter(PrintKind kind) const
{
    const PrinterChoice choice = PrintSettings::load(kind);
    if (!choice.pdfFile.isEmpty())
        return true;
    // A printer removed since it was chosen is asked for again rather than failing every job.
    return !choice.printerName.isEmpty() && !QPrinterInfo::printerInfo(choice.printerName).isNull();
}

std::unique_ptr<QPrinter> PrintService::printerFor(PrintKind kind) const
{
    auto printer = std::make_unique<QPrinter>(QPrinter::HighResolution);
    const PrinterChoice choice = PrintSettings::load(kind);
    if (!choice.pdfFile.isEmpty()) {
        printer->setOutputFormat(QPrinter::PdfFormat);
        printer->setOutputFileName(choice.pdfFile);
    } else if (!choice.printerName.isEmpty()) {
        printer->setPrinterName(choice.printerName);
    }
    // Tickets and receipts keep their own margins; the printer's would shrink them off their stock.
    printer->setFullPage(true);
    printer->setPageLayout(presetLayout(kind));
    return printer;
}

bool PrintService::choosePrinter(PrintKind kind)
{
    std::unique_ptr<QPrinter> printer = printerFor(kind);
    QPrintDialog dialog(printer.get(), m_window);
    dialog.setWindowTitle(kind == PrintKind::Tickets ? tr("Printer for tickets") : tr("Printer for receipts"));
    dialog.setOption(QAbstractPrintDialog::PrintToFile, true);
    dialog.setOption(QAbstractPrintDialog::PrintShowPageSize, true);
    const bool accepted = printDialogHook ? printDialogHook(dialog) : dialog.exec() == QDialog::Accepted;
    if (!accepted)
        return false;

    PrinterChoice choice = PrintSettings::load(kind);
    if (printer->outputFormat() == QPrinter::PdfFormat) {
        choice.pdfFile = printer->outputFileName();
        choice.printerName.clear();
    } else {
        choice.printerName = printer->printerName();
        choice.pdfFile.clear();
    }
    if (!choice.isSet())
        return false;
    // The paper picked in the dialog decides the stock; any other paper keeps the one remembered.
    const QPageSize paper = printer->pageLayout().pageSize();
    if (kind == PrintKind::Tickets) {
        if (const auto stock = TicketStocks::matching(paper))
            choice.stock = TicketStocks::key(*stock);
    } else if (const auto stock = ReceiptStocks::matching(paper)) {
        choice.stock = ReceiptStocks::key(*stock);
    }
    PrintSettings::save(kind, choice);
    return true;
}

Status PrintService::ensurePrinter(PrintKind kind)
{
    if (hasPrinter(kind) || choosePrinter(kind))
        return Done{};
    return makeError(ErrorCode::Conflict, tr("Nothing was printed: no printer was chosen."));
}

Status PrintService::printTickets(const QVector<Ticket> &tickets)
{
    if (auto ready = ensurePrinter(PrintKind::Tickets); !ready)
        return ready;
    auto document = TicketDocument::make(tickets, PrintSettings::ticketStock());
    if (!document)
        return document.error();
    const int count = int(tickets.size());
    const QString where = destination(PrintSettings::load(PrintKind::Tickets));
    return start(PrintKind::Tickets, std::make_shared<TicketDocument>(std::move(document).value()),
                 tr("Printing %n ticket(s)…", nullptr, count),
                 tr("Printed %n ticket(s) on %1.", nullptr, count).arg(where));
}

Status PrintService::printReceipt(const Receipt &receipt)
{
    if (auto ready = ensurePrinter(PrintKind::Receipts); !ready)
        return ready;
    const QString where = destination(PrintSettings::load(PrintKind::Receipts));
    return start(PrintKind::Receipts, std::make_shared<ReceiptDocument>(receipt, PrintSettings::receiptStock()),
                 tr("Printing the receipt…"),
                 tr("Printed the receipt for order %1 on %2.").arg(receipt.order).arg(where));
}

Status PrintService::start(PrintKind kind, std::shared_ptr<const PagedDocument> document, const QString &label,
                           const QString &doneMessage)
{
    std::shared_ptr<QPrinter> printer = printerFor(kind);
    printer->setDocName(document->title());
    const int pages = document->pageCount();

    auto promise = std::make_shared<QPromise<Outcome>>();
    promise->setProgressRange(0, pages);
    promise->start();

    // Shown only for a job that takes a while; not modal, so the desk stays usable while it prints.
    auto *progress = new QProgressDialog(label, tr("Cancel"), 0, pages, m_window);
    progress->setObjectName(QStringLiteral("printProgress"));
    progress->setWindowModality(Qt::NonModal);
    progress->setMinimumDuration(400);
    progress->setValue(0);
    m_progress = progress;

    auto *watcher = new QFutureWatcher<Outcome>(this);
    connect(watcher, &QFutureWatcherBase::progressValueChanged, progress, &QProgressDialog::setValue);
    connect(progress, &QProgressDialog::canceled, watcher, &QFutureWatcherBase::cancel);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, progress, kind] {
        Outcome outcome;
        if (watcher->future().resultCount() > 0)
            outcome = watcher->result();
        else
            outcome = Outcome{false, true, tr("Printing was cancelled.")};
        --m_running;
        progress->deleteLater();
        watcher->deleteLater();
        emit finished(kind, outcome.ok, outcome.message);
    });
    watcher->setFuture(promise->future());
    ++m_running;

    m_pool.start([promise, printer, document, hook = pagePaintedHook, doneMessage] {
        const Status status = paintDocument(
            *document, *printer,
            [&](int done) {
                promise->setProgressValue(done);
                if (hook)
                    hook(done);
                return !promise->isCanceled();
            },
            [printer] { printer->abort(); });
        Outcome outcome;
        outcome.ok = status.ok();
        outcome.cancelled = !status.ok() && status.error().code == ErrorCode::Conflict;
        outcome.message = status.ok() ? doneMessage
                                      : (outcome.cancelled ? tr("Printing was cancelled.")
                                                           : tr("Printing failed: %1").arg(status.error().message));
        promise->addResult(outcome);
        promise->finish();
    });
    return Done{};
}

} // namespace boxoffice
