#include "ui/sale/pricetypedelegate.h"

#include "ui/common/money.h"
#include "ui/sale/cartmodel.h"

#include <QComboBox>
#include <QTimer>

namespace boxoffice {

PriceTypeDelegate::PriceTypeDelegate(QObject *parent) : QStyledItemDelegate(parent) { }

QWidget *PriceTypeDelegate::createEditor(QWidget *parent, const QStyleOptionViewItem &option,
                                         const QModelIndex &index) const
{
    const auto *cart = qobject_cast<const CartModel *>(index.model());
    if (!cart)
        return QStyledItemDelegate::createEditor(parent, option, index);
    auto *combo = new QComboBox(parent);
    combo->setObjectName(QStringLiteral("priceTypeEditor"));
    combo->setAccessibleName(tr("Price type"));
    for (const TypePrice &price : cart->optionsFor(index.row()))
        combo->addItem(tr("%1 — %2").arg(priceTypeText(price.type), price.amount.text()), int(price.type));
    // Open at once, so arrow keys move through the list and Enter (or a click) picks one type: a pick is
    // the clerk's decision, sent now rather than when the focus happens to leave the cell.
    QTimer::singleShot(0, combo, &QComboBox::showPopup);
    connect(combo, &QComboBox::activated, this, [this, combo] {
        auto *self = const_cast<PriceTypeDelegate *>(this);
        emit self->commitData(combo);
        emit self->closeEditor(combo);
    });
    return combo;
}

void PriceTypeDelegate::setEditorData(QWidget *editor, const QModelIndex &index) const
{
    auto *combo = qobject_cast<QComboBox *>(editor);
    if (!combo)
        return QStyledItemDelegate::setEditorData(editor, index);
    const int at = combo->findData(index.data(Qt::EditRole).toInt());
    combo->setCurrentIndex(at >= 0 ? at : 0);
}

void PriceTypeDelegate::setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const
{
    auto *combo = qobject_cast<QComboBox *>(editor);
    if (!combo)
        return QStyledItemDelegate::setModelData(editor, model, index);
    model->setData(index, combo->currentData(), Qt::EditRole);
}

QSize PriceTypeDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QSize size = QStyledItemDelegate::sizeHint(option, index);
    const QString shown = index.data().toString();
    int widest = option.fontMetrics.horizontalAdvance(shown);
    for (const PriceType type : allPriceTypes)
        widest = qMax(widest, option.fontMetrics.horizontalAdvance(priceTypeText(type)));
    size.setWidth(size.width() - option.fontMetrics.horizontalAdvance(shown) + widest);
    return size;
}

} // namespace boxoffice
