#pragma once

#include <QLoggingCategory>

// One line per request (with its X-Request-Id) and the details of every 500.
Q_DECLARE_LOGGING_CATEGORY(lcWeb)
