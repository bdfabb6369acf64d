#pragma once

#include "domain/result.h"

#include <QString>

namespace boxoffice {

// A card's fingerprint as carts are capped by it (buyer_carts.instrument): the provider's value in the
// one form stored, 4 to 64 of [A-Za-z0-9_-]. Checked, never altered: folding case or dropping
// characters could make two cards one, and letting look-alikes through (a zero-width space, a
// Cyrillic letter) would make one card many. BadInput otherwise, before any SQL; the database checks
// the same shape (migration 039).
Result<QString> cardFingerprint(const QString &fromProvider);

} // namespace boxoffice
