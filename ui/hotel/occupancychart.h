#pragma once

#include "domain/hotellists.h"

#include <QWidget>

namespace boxoffice {

// Occupancy per night as bars (rooms sold against physical rooms), with the manager's sellable limit
// and the suggested one as marks, and room revenue as a line on its own scale. Drawn with QPainter.
class OccupancyChart : public QWidget
{
    Q_OBJECT
public:
    explicit OccupancyChart(QWidget *parent = nullptr);

    // One row a night (the hotel's totals, or one room type's rows).
    void setNights(const QVector<OccupancyNight> &nights, const QString &currency);
    const QVector<OccupancyNight> &nights() const { return m_nights; }
    QSize sizeHint() const override { return {640, 220}; }
    QSize minimumSizeHint() const override { return {240, 140}; }

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    QVector<OccupancyNight> m_nights;
    QString m_currency;
};

} // namespace boxoffice
