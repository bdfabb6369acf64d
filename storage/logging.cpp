#include "storage/logging.h"

Q_LOGGING_CATEGORY(lcStorage, "boxoffice.storage", QtWarningMsg)
Q_LOGGING_CATEGORY(lcCluster, "boxoffice.cluster", QtWarningMsg)
Q_LOGGING_CATEGORY(lcMigrations, "boxoffice.migrations", QtWarningMsg)
Q_LOGGING_CATEGORY(lcBackup, "boxoffice.backup", QtWarningMsg)
