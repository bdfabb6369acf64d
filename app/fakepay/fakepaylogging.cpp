#include "fakepaylogging.h"

// Quiet by default: the tests read this program's output. --verbose turns on one line per request.
Q_LOGGING_CATEGORY(lcFakepay, "boxoffice.fakepay", QtWarningMsg)
