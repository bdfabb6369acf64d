#include "domain/cartitems.h"

#include "domain/checkoutstore.h"

#include <QHash>

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

Result<QVector<OrderItemRef>> parseOrderItemRefs(const QString &text)
{
    static const QHash<QString, ItemKind> kinds{{QStringLiteral("seat"), ItemKind::Seat},
                                                {QStringLiteral("ga"), ItemKind::Pool},
                                                {QStringLiteral("stay"), ItemKind::Stay},
                                                {QStringLiteral("slot"), ItemKind::Slot}};
    QVector<OrderItemRef> items;
    for (const QString &part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QStringList pair = part.trimmed().split(QLatin1Char(':'));
        bool numeric = false;
        const qint64 id = pair.size() == 2 ? pair.at(1).toLongLong(&numeric) : 0;
        if (pair.size() != 2 || !kinds.contains(pair.at(0)) || !numeric || id <= 0)
            return makeError(
                ErrorCode::BadInput,
                QStringLiteral("\"%1\" is not an order item: write kind:id with kind seat, ga, stay or slot.")
                    .arg(part.trimmed().left(40)));
        const OrderItemRef item{kinds.value(pair.at(0)), id};
        for (const OrderItemRef &seen : items) {
            if (seen.kind == item.kind && seen.id == item.id)
                return makeError(ErrorCode::BadInput, QStringLiteral("%1 is named twice.").arg(part.trimmed()));
        }
        items << item;
    }
    return items;
}

} // namespace boxoffice
