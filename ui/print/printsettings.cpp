#include "ui/print/printsettings.h"

#include <QSettings>

namespace boxoffice::PrintSettings {

namespace {

QString group(PrintKind kind)
{
    return kind == PrintKind::Tickets ? QStringLiteral("printing/tickets") : QStringLiteral("printing/receipts");
}

} // namespace

PrinterChoice load(PrintKind kind)
{
    QSettings settings;
    settings.beginGroup(group(kind));
    PrinterChoice choice;
    choice.printerName = settings.value(QStringLiteral("printer")).toString();
    choice.pdfFile = settings.value(QStringLiteral("pdfFile")).toString();
    choice.stock = settings.value(QStringLiteral("stock")).toString();
    return choice;
}

void save(PrintKind kind, const PrinterChoice &choice)
{
    QSettings settings;
    settings.beginGroup(group(kind));
    settings.setValue(QStringLiteral("printer"), choice.printerName);
    settings.setValue(QStringLiteral("pdfFile"), choice.pdfFile);
    settings.setValue(QStringLiteral("stock"), choice.stock);
}

void forget(PrintKind kind)
{
    QSettings().remove(group(kind));
}

TicketStock ticketStock()
{
    return TicketStocks::fromKey(load(PrintKind::Tickets).stock).value_or(TicketStock::TicketPrinter);
}

ReceiptStock receiptStock()
{
    return ReceiptStocks::fromKey(load(PrintKind::Receipts).stock).value_or(ReceiptStock::Roll80);
}

bool printAfterSale()
{
    return QSettings().value(QStringLiteral("printing/afterSale"), true).toBool();
}

void setPrintAfterSale(bool print)
{
    QSettings().setValue(QStringLiteral("printing/afterSale"), print);
}

} // namespace boxoffice::PrintSettings
