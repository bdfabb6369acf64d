#pragma once

#include "tickets/ticketrenderer.h"
#include "ui/receipts/receiptdocument.h"

#include <QString>

namespace boxoffice {

// The two kinds of paper a counter prints, each on a printer of its own (or the same one).
enum class PrintKind { Tickets, Receipts };

// Where one kind of paper goes at this terminal: a system printer, or a PDF file ("print to file"),
// and the paper it is loaded with.
struct PrinterChoice
{
    QString printerName; // a system printer
    QString pdfFile; // set instead of printerName: the job writes this PDF
    QString stock; // TicketStocks::key or ReceiptStocks::key

    bool isSet() const { return !printerName.isEmpty() || !pdfFile.isEmpty(); }
};

// Kept in QSettings under "printing/", per terminal, so the next print goes straight to the printer
// the clerk chose once.
namespace PrintSettings {
PrinterChoice load(PrintKind kind);
void save(PrintKind kind, const PrinterChoice &choice);
void forget(PrintKind kind);
// The stock remembered for the kind, or the default: the ticket printer's strip; the receipt roll.
TicketStock ticketStock();
ReceiptStock receiptStock();
// After a counter sale: print the tickets and the receipt at once (when a printer is chosen), or
// only offer to (Ctrl+P, Ctrl+Shift+P).
bool printAfterSale();
void setPrintAfterSale(bool print);
} // namespace PrintSettings

} // namespace boxoffice
