#pragma once

#include "domain/folio.h"

#include <QString>

namespace boxoffice {

// A folio's words in the clerk's language: the kinds of charge and how money came in.
QString folioKindWords(FolioKind kind);
QString folioPaymentWords(const QString &method); // "cash", "card", "online", "refund"

} // namespace boxoffice
