#include "ui/sale/quotemodel.h"

#include "ui/sale/cartmodel.h"

#include "ui/common/money.h"

namespace boxoffice {

namespace {

bool sameUnits(const CartQuote &a, const CartQuote &b)
{
    if (a.lines.size() != b.lines.size())
        return false;
    for (int i = 0; i < a.lines.size(); ++i) {
        if (a.lines.at(i).kind != b.lines.at(i).kind || a.lines.at(i).id != b.lines.at(i).id)
            return false;
    }
    return true;
}

QString kindWord(ItemKind kind)
{
    switch (kind) {
    case ItemKind::Seat:
        return QuoteModel::tr("Seat");
    case ItemKind::Pool:
        return QuoteModel::tr("Standing places");
    case ItemKind::Stay:
        return QuoteModel::tr("Room");
    case ItemKind::Slot:
        return QuoteModel::tr("Table");
    }
    return {};
}

} // namespace

QuoteModel::QuoteModel(QObject *parent) : QAbstractTableModel(parent) { }

int QuoteModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_quote.lines.size());
}

int QuoteModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant QuoteModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const QuoteLine &line = m_quote.lines.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        if (index.column() == ItemColumn && line.priceType != PriceType::Adult)
            return tr("%1 (%2)").arg(line.label, priceTypeText(line.priceType));
        return index.column() == ItemColumn ? line.label : line.amount.text();
    case Qt::TextAlignmentRole:
        if (index.column() == PriceColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case Qt::ToolTipRole:
        return tr("%1, held until %2 (server time)")
            .arg(kindWord(line.kind), line.expiresAt.toLocalTime().toString(QStringLiteral("HH:mm:ss")));
    }
    return {};
}

QVariant QuoteModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    return section == ItemColumn ? tr("In this sale") : tr("Price");
}

void QuoteModel::setQuote(const CartQuote &quote)
{
    if (sameUnits(m_quote, quote)) {
        m_quote = quote;
        if (!m_quote.lines.isEmpty())
            emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
        return;
    }
    if (!m_quote.lines.isEmpty()) {
        beginRemoveRows({}, 0, rowCount() - 1);
        m_quote.lines.clear();
        endRemoveRows();
    }
    if (quote.lines.isEmpty()) {
        m_quote = quote;
        return;
    }
    beginInsertRows({}, 0, int(quote.lines.size()) - 1);
    m_quote = quote;
    endInsertRows();
}

} // namespace boxoffice
