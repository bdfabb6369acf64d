#include "ui/frontdesk/foliowords.h"

#include <QCoreApplication>

namespace boxoffice {

QString folioKindWords(FolioKind kind)
{
    switch (kind) {
    case FolioKind::Minibar:
        return QCoreApplication::translate("FolioWords", "Minibar");
    case FolioKind::Restaurant:
        return QCoreApplication::translate("FolioWords", "Restaurant");
    case FolioKind::Parking:
        return QCoreApplication::translate("FolioWords", "Parking");
    case FolioKind::Other:
        break;
    }
    return QCoreApplication::translate("FolioWords", "Other");
}

QString folioPaymentWords(const QString &method)
{
    if (method == QLatin1String("cash"))
        return QCoreApplication::translate("FolioWords", "Paid in cash");
    if (method == QLatin1String("card"))
        return QCoreApplication::translate("FolioWords", "Paid by card");
    if (method == QLatin1String("online"))
        return QCoreApplication::translate("FolioWords", "Paid online");
    return QCoreApplication::translate("FolioWords", "Refunded");
}

} // namespace boxoffice
