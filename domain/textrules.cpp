#include "domain/textrules.h"

namespace boxoffice {

bool hasUnshowableCharacters(const QString &text)
{
    for (const QChar c : text) {
        if (c.category() == QChar::Other_Control || c.category() == QChar::Other_Format)
            return true;
    }
    return false;
}

} // namespace boxoffice
