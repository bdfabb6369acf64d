#include "weblogging.h"

Q_LOGGING_CATEGORY(lcWeb, "boxoffice.web")
