#pragma once

#include <QLoggingCategory>

Q_DECLARE_LOGGING_CATEGORY(lcStorage)
Q_DECLARE_LOGGING_CATEGORY(lcCluster)
Q_DECLARE_LOGGING_CATEGORY(lcMigrations)
