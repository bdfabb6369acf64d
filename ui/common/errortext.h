#pragma once

#include "domain/domainerror.h"

#include <QString>

namespace boxoffice {

// A domain or storage error in the clerk's language: its reason key (ErrorReason) when it has one,
// filled with the error's args, else its code, worded by tr(). In English (or a language without a translation) the
// domain's own message is shown instead: it is English written for a clerk and names more (seats, dates). The domain's
// message is what goes to the log either way.
QString errorText(const DomainError &error);

// True when the loaded translation words errors itself (German): then errorText never shows the
// domain's English message.
bool errorsAreTranslated();

} // namespace boxoffice
