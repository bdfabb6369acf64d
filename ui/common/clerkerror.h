#pragma once

#include "domain/domainerror.h"

#include <QCoreApplication>
#include <QString>

namespace boxoffice {

// The words a clerk reads when the server refuses something: what happened and what to do now.
// Never an internal id (a cart id, an order's uuid), an SQL state or driver text: those are for the
// log, where storage already wrote them. The domain's own sentence is kept when it is clean (it names
// the seats another buyer took); otherwise the code decides the words.
class ClerkError
{
    Q_DECLARE_TR_FUNCTIONS(ClerkError)
public:
    static QString text(const DomainError &error);
    // True when a refusal means the connection is gone: the desk starts reconnecting.
    static bool meansConnectionLost(const DomainError &error);
    // True when `text` shows something a clerk must never read (a cart id, a uuid, SQL wording).
    static bool leaksInternals(const QString &text);
};

} // namespace boxoffice
