#pragma once

#include "domain/receipt.h"
#include "domain/result.h"
#include "domain/ticket.h"
#include "ui/print/printsettings.h"

#include <QObject>
#include <QPointer>
#include <QProgressDialog>
#include <QThreadPool>
#include <QVector>

#include <functional>
#include <memory>

class QPrintDialog;
class QPrinter;

class QWidget;

namespace boxoffice {

class PagedDocument;

// The desk's printing: tickets and receipts go to the printer remembered for each kind (QSettings),
// chosen once with the print dialog. The pages are painted on a pool thread, so the window keeps
// working (the map stays live, the clerk can go on selling) while a long job renders; a progress
// dialog shows long jobs and can cancel them.
class PrintService : public QObject
{
    Q_OBJECT
public:
    explicit PrintService(QWidget *window);
    ~PrintService() override;

    // Started: Done, and finished() follows. Otherwise why nothing was printed, worded for a clerk
    // (Conflict when the clerk closed the print dialog without choosing a printer).
    Status printTickets(const QVector<Ticket> &tickets);
    Status printReceipt(const Receipt &receipt);
    // "Printer settings…": the print dialog for the kind, remembered when accepted. False when cancelled.
    bool choosePrinter(PrintKind kind);
    bool hasPrinter(PrintKind kind) const;
    // Printing jobs not finished yet.
    int running() const { return m_running; }
    // The progress dialog of the newest job still running, if any.
    QProgressDialog *progress() const { return m_progress; }

    // For tests: answers the print dialog instead of exec(); returns "accepted".
    std::function<bool(QPrintDialog &)> printDialogHook;
    // For tests: called on the rendering thread after each page, with the pages done so far.
    std::function<void(int pagesDone)> pagePaintedHook;

signals:
    // A job ended: printed, failed or cancelled; `message` says which, for the clerk.
    void finished(boxoffice::PrintKind kind, bool ok, const QString &message);

private:
    struct Outcome
    {
        bool ok = false;
        bool cancelled = false;
        QString message;
    };

    Status ensurePrinter(PrintKind kind);
    std::unique_ptr<QPrinter> printerFor(PrintKind kind) const;
    Status start(PrintKind kind, std::shared_ptr<const PagedDocument> document, const QString &label,
                 const QString &doneMessage);

    QWidget *m_window = nullptr;
    // One rendering thread: jobs come out in the order they were started (the tickets, then the receipt).
    QThreadPool m_pool;
    int m_running = 0;
    QPointer<QProgressDialog> m_progress;
};

} // namespace boxoffice
