#pragma once

#include "domain/folio.h"

#include <QString>

namespace boxoffice {

// A stay's invoice: the hotel, the guest, the reference, each night with its price, each folio charge,
// the total, the payments and the balance. For a guest still in house it is a pro-forma: what is billed
// so far. Worded in the clerk's language when it is made (on the GUI thread, where the translator is).
QString folioInvoiceHtml(const Folio &folio);

// Writes the invoice as an A4 PDF to `path` (QPdfWriter over a QTextDocument).
Status writeFolioInvoicePdf(const Folio &folio, const QString &path);

} // namespace boxoffice
