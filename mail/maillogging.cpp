#include "mail/maillogging.h"

Q_LOGGING_CATEGORY(lcMail, "boxoffice.mail", QtInfoMsg)
