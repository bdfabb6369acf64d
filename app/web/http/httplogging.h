#pragma once

#include <QByteArrayView>
#include <QLoggingCategory>
#include <QString>

Q_DECLARE_LOGGING_CATEGORY(lcHttp)

namespace boxoffice::web::http {

// Client-sent bytes fit for one log line: control characters, DEL and bytes beyond ASCII written as
// \xNN, so a client can neither forge a log line nor repaint a terminal. At most `maxBytes` of them.
QString loggableBytes(QByteArrayView bytes, qsizetype maxBytes = 200);

} // namespace boxoffice::web::http
