#include "httplogging.h"

Q_LOGGING_CATEGORY(lcHttp, "boxoffice.web.http", QtInfoMsg)

namespace boxoffice::web::http {

QString loggableBytes(QByteArrayView bytes, qsizetype maxBytes)
{
    const QByteArrayView shown = bytes.first(qMin(bytes.size(), maxBytes));
    QString text;
    text.reserve(shown.size() + 8);
    for (const char c : shown) {
        const auto byte = uchar(c);
        if (byte < 0x20 || byte >= 0x7f || byte == '\\')
            text += QStringLiteral("\\x%1").arg(uint(byte), 2, 16, QLatin1Char('0'));
        else
            text += QLatin1Char(c);
    }
    if (shown.size() < bytes.size())
        text += QStringLiteral("...");
    return text;
}

} // namespace boxoffice::web::http
