#pragma once

#include <QLoggingCategory>

// One line per request (with its X-Request-Id) and the details of every 500.
Q_DECLARE_LOGGING_CATEGORY(lcWeb)

#include <QString>

// `text` fit for one log line: control characters (a line break, an escape code) written as \xNN,
// so what a client sent can never forge a line or repaint a terminal.
QString loggable(const QString &text);
