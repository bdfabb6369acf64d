#include "weblogging.h"

Q_LOGGING_CATEGORY(lcWeb, "boxoffice.web", QtInfoMsg)

QString loggable(const QString &text)
{
    QString escaped;
    escaped.reserve(text.size());
    for (const QChar c : text) {
        if (c.category() == QChar::Other_Control)
            escaped += QStringLiteral("\\x%1").arg(c.unicode(), 2, 16, QLatin1Char('0'));
        else
            escaped += c;
    }
    return escaped;
}
