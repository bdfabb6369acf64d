#pragma once

#include "domain/domainerror.h"

#include <QSqlError>
#include <QString>

namespace boxoffice {

// The storage boundary: a QSqlError goes to the log with its SQLSTATE and driver text, and comes out
// as a DomainError whose message a person can act on. `context` says what we were doing.
DomainError fromSqlError(const QSqlError &error, const QString &context);

// SQLSTATE of the error ("40P01"), empty when the driver gave none (lost connection).
QString sqlState(const QSqlError &error);

} // namespace boxoffice
