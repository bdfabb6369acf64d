#pragma once

#include "domain/cartquote.h"

#include <QAbstractTableModel>

namespace boxoffice {

// The lines of a server quote, as the payment dialog lists them: exactly what the sale will charge.
class QuoteModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { ItemColumn, PriceColumn, ColumnCount };

    explicit QuoteModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // A re-read that lists the same units only updates them, so the view keeps its place.
    void setQuote(const CartQuote &quote);
    const CartQuote &quote() const { return m_quote; }

private:
    CartQuote m_quote;
};

} // namespace boxoffice
