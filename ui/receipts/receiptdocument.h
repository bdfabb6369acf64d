#pragma once

#include "domain/receipt.h"
#include "tickets/pageddocument.h"

#include <QVector>

#include <optional>

namespace boxoffice {

enum class ReceiptStock {
    Roll80, // an 80 mm receipt roll: one page as long as the receipt
    A4 // A4 portrait, a column at the left, more pages when it must
};

namespace ReceiptStocks {
QString key(ReceiptStock stock); // for settings: "roll-80", "a4"
std::optional<ReceiptStock> fromKey(const QString &key);
// A4 paper is A4; anything narrower than 100 mm is taken for a roll.
std::optional<ReceiptStock> matching(const QPageSize &size);
QString displayName(ReceiptStock stock);
} // namespace ReceiptStocks

// A receipt worded for the buyer and laid out on `stock`. The words are chosen and wrapped when it is
// made (on the GUI thread, where the translator is); painting it only draws them.
class ReceiptDocument : public PagedDocument
{
public:
    ReceiptDocument(const Receipt &receipt, ReceiptStock stock);

    QString title() const override;
    QPageLayout pageLayout() const override;
    int pageCount() const override;
    void paintPage(QPainter &painter, int index, const QRectF &page) const override;

    // Every line of text as printed, top to bottom: for tests and the log.
    QStringList text() const;

    struct Row
    {
        enum Style { Heading, Normal, Strong, Small, Rule };
        Style style = Normal;
        QString left;
        QString right;
    };

private:
    double paperWidth() const; // tenths of a millimetre
    double columnLeft() const;
    double columnWidth() const;
    QVector<QVector<Row>> m_pages;
    ReceiptStock m_stock = ReceiptStock::Roll80;
    Receipt::Kind m_kind = Receipt::Kind::Sale;
    OrderId m_order = 0;
    double m_rollHeight = 0; // tenths of a millimetre
};

} // namespace boxoffice
