#pragma once

#include <QStyledItemDelegate>

namespace boxoffice {

// The cart's price type cell as a combo of the types the seat's band is sold at, each with its price.
// Picking one commits at once; the model turns the pick into a request to the server.
class PriceTypeDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    explicit PriceTypeDelegate(QObject *parent = nullptr);

    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    void setEditorData(QWidget *editor, const QModelIndex &index) const override;
    void setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const override;
    // As wide as the widest type's name, so a row changed to "Complimentary" is never cut short.
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;
};

} // namespace boxoffice
