#pragma once

#include <QString>

namespace boxoffice {

// Where Debian keeps a PostgreSQL major version's programs (/usr/lib/postgresql/<major>/bin).
// `major` empty: the newest installed. Falls back to the PATH for the newest; empty when none is found.
QString postgresBinDir(const QString &major = QString());

// The full path of a client program (pg_dump, pg_restore): the newest installed, since a newer
// pg_dump reads every older server and a newer pg_restore reads every older archive.
QString postgresClientProgram(const QString &name);

} // namespace boxoffice
