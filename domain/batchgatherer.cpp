#include "domain/batchgatherer.h"

Q_LOGGING_CATEGORY(lcBatch, "boxoffice.batch", QtWarningMsg)
