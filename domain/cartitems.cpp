#include "domain/cartitems.h"

namespace boxoffice {

QString itemKindName(ItemKind kind)
{
    switch (kind) {
    case ItemKind::Seat:
        return QStringLiteral("seat");
    case ItemKind::Pool:
        return QStringLiteral("ga");
    case ItemKind::Stay:
        return QStringLiteral("stay");
    case ItemKind::Slot:
        return QStringLiteral("slot");
    }
    return QStringLiteral("seat");
}

} // namespace boxoffice
