#include "payments/paymentslogging.h"

Q_LOGGING_CATEGORY(lcPayments, "boxoffice.payments", QtWarningMsg)
