#include "ids.h"

#include <QRandomGenerator>

namespace boxoffice::fakepay {

QString randomId(const QString &prefix, int length)
{
    static const char alphabet[] = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    QString id = prefix;
    for (int i = 0; i < length; ++i)
        id += QLatin1Char(alphabet[QRandomGenerator::global()->bounded(int(sizeof alphabet - 1))]);
    return id;
}

} // namespace boxoffice::fakepay
