#pragma once

#include <QString>

namespace boxoffice {

// Control and format characters: nothing a person typed on purpose, invisible on a receipt or a
// screen, and a NUL breaks the database driver's statements. Refused before any SQL.
bool hasUnshowableCharacters(const QString &text);

} // namespace boxoffice
