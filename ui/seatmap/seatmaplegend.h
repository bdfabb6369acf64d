#pragma once

#include "domain/seatmap.h"
#include "ui/seatmap/seatitem.h"

#include <QStringList>
#include <QWidget>

class QGridLayout;

namespace boxoffice {

// What the colours on the seat map mean: one line a price band (name and price), then the seats held
// by this clerk, held by another sale, sold, and selected. Swatches are drawn by SeatItem itself.
class SeatMapLegend : public QWidget
{
    Q_OBJECT

public:
    explicit SeatMapLegend(QWidget *parent = nullptr);
    explicit SeatMapLegend(const SeatMap &map, QWidget *parent = nullptr);

    void setSeatMap(const SeatMap &map);
    // The text of each line, top to bottom.
    QStringList entries() const { return m_entries; }

private:
    void addEntry(SeatLook look, int band, bool selected, const QString &text);

    QGridLayout *m_layout;
    QStringList m_entries;
};

} // namespace boxoffice
