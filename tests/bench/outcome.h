#pragma once

#include "domain/domainerror.h"

#include <QSqlError>
#include <QString>

#include <array>

namespace boxoffice::bench {

// What one claim attempt came to. Everything but Granted and Lost is an error a client would retry.
enum class Outcome { Granted, Lost, Deadlock, Serialization, Timeout, Other };

inline constexpr int outcomeCount = 6;
using OutcomeCounts = std::array<qint64, outcomeCount>;

struct AttemptResult
{
    Outcome outcome = Outcome::Other;
    QString detail; // for Other only: what the database or the store said

    static AttemptResult granted() { return {Outcome::Granted, {}}; }
    static AttemptResult lost() { return {Outcome::Lost, {}}; }
};

// The keys of the JSON "errors" object, in report order: lost, deadlock, serialization, timeout, other.
QString outcomeKey(Outcome outcome);

// SQLSTATE 40P01 is a deadlock, 40001 a serialization failure, 55P03 (lock_timeout) and 57014
// (statement_timeout) a timeout; anything else is Other.
AttemptResult classifySqlError(const QSqlError &error);
// The product path reports through DomainError, which carries the SQLSTATE.
AttemptResult classifyDomainError(const DomainError &error);

} // namespace boxoffice::bench
