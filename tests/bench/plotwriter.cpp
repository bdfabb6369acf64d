#include "plotwriter.h"

#include "roundratio.h"

#include <QFont>
#include <QImage>
#include <QLocale>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace boxoffice::bench {

namespace {

constexpr int imageWidth = 1600;
constexpr int imageHeight = 760;

const QColor palette[] = {
    QColor(0x1f, 0x77, 0xb4), QColor(0xd6, 0x27, 0x28), QColor(0x2c, 0xa0, 0x2c), QColor(0xff, 0x7f, 0x0e),
    QColor(0x94, 0x67, 0xbd), QColor(0x8c, 0x56, 0x4b), QColor(0xe3, 0x77, 0xc2), QColor(0x7f, 0x7f, 0x7f),
    QColor(0xbc, 0xbd, 0x22), QColor(0x17, 0xbe, 0xcf),
};

struct Series
{
    QString name;
    QColor color;
    QVector<QPointF> points; // x: clients, y: the value
};

// The decades around the positive values: rejections run at tens of thousands per second while an
// event-wide lock manages hundreds, so both axes are logarithmic.
QPair<double, double> decades(const QVector<double> &values)
{
    double low = 0;
    double high = 0;
    for (double value : values) {
        if (value <= 0)
            continue;
        low = low > 0 ? std::min(low, value) : value;
        high = std::max(high, value);
    }
    if (high <= 0)
        return {0.1, 1};
    const double floor = std::pow(10.0, std::floor(std::log10(low)));
    const double ceiling = std::pow(10.0, std::ceil(std::log10(high)));
    return {floor, std::max(ceiling, floor * 10)};
}

QString axisNumber(double value)
{
    if (value >= 1000)
        return QLocale(QLocale::English).toString(qint64(std::llround(value)));
    return QString::number(value, 'g', 3);
}

// One chart: a frame with log-scale axes, clients across and the value up.
class Panel
{
public:
    Panel(const QRectF &area, QString title, QVector<int> clients, QPair<double, double> range)
        : m_plot(area.adjusted(80, 40, -20, -50)), m_title(std::move(title)), m_clients(std::move(clients)),
          m_yMin(range.first), m_yMax(range.second)
    { }

    QPointF map(double clients, double value) const
    {
        const double xMin = std::log(double(m_clients.constFirst()));
        const double xMax = std::log(double(m_clients.constLast()));
        const double xFraction = xMax > xMin ? (std::log(clients) - xMin) / (xMax - xMin) : 0.5;
        const double clamped = std::max(value, m_yMin);
        const double yFraction = (std::log10(clamped) - std::log10(m_yMin)) / (std::log10(m_yMax) - std::log10(m_yMin));
        return {m_plot.left() + xFraction * m_plot.width(), m_plot.bottom() - yFraction * m_plot.height()};
    }

    void drawFrame(QPainter &painter) const
    {
        painter.setPen(QPen(QColor(0xdd, 0xdd, 0xdd), 1));
        QVector<double> ticks;
        for (double decade = m_yMin; decade <= m_yMax * 1.0001; decade *= 10) {
            for (double step : {1.0, 2.0, 5.0}) {
                if (decade * step <= m_yMax * 1.0001)
                    ticks << decade * step;
            }
        }
        const QFontMetricsF metrics(painter.font());
        for (double tick : ticks) {
            const double y = map(m_clients.constFirst(), tick).y();
            painter.setPen(QPen(QColor(0xdd, 0xdd, 0xdd), 1));
            painter.drawLine(QPointF(m_plot.left(), y), QPointF(m_plot.right(), y));
            painter.setPen(Qt::black);
            const QString label = axisNumber(tick);
            painter.drawText(QPointF(m_plot.left() - 8 - metrics.horizontalAdvance(label), y + metrics.ascent() / 2.5),
                             label);
        }
        for (int clients : m_clients) {
            const double x = map(clients, m_yMin).x();
            painter.setPen(QPen(QColor(0xdd, 0xdd, 0xdd), 1));
            painter.drawLine(QPointF(x, m_plot.top()), QPointF(x, m_plot.bottom()));
            painter.setPen(Qt::black);
            const QString label = QString::number(clients);
            painter.drawText(QPointF(x - metrics.horizontalAdvance(label) / 2, m_plot.bottom() + metrics.height() + 2),
                             label);
        }
        painter.setPen(QPen(Qt::black, 1));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(m_plot);
        const QString axis = QStringLiteral("concurrent clients (log scale)");
        painter.drawText(QPointF(m_plot.center().x() - metrics.horizontalAdvance(axis) / 2,
                                 m_plot.bottom() + 2 * metrics.height() + 8),
                         axis);
        QFont bold = painter.font();
        bold.setBold(true);
        painter.save();
        painter.setFont(bold);
        painter.drawText(QPointF(m_plot.left(), m_plot.top() - 12), m_title);
        painter.restore();
    }

    void drawSeries(QPainter &painter, const Series &series) const
    {
        if (series.points.isEmpty())
            return;
        QPainterPath path(map(series.points.constFirst().x(), series.points.constFirst().y()));
        for (const QPointF &point : series.points)
            path.lineTo(map(point.x(), point.y()));
        painter.setPen(QPen(series.color, 2.5));
        painter.setBrush(Qt::NoBrush);
        painter.drawPath(path);
        painter.setBrush(series.color);
        for (const QPointF &point : series.points)
            painter.drawEllipse(map(point.x(), point.y()), 4, 4);
    }

private:
    QRectF m_plot;
    QString m_title;
    QVector<int> m_clients;
    double m_yMin;
    double m_yMax;
};

} // namespace

Status writePlot(const QString &path, const QVector<CellResult> &results)
{
    QStringList scenarios;
    QVector<int> clients;
    QVector<double> rates;
    QVector<double> tails;
    for (const CellResult &result : results) {
        if (!scenarios.contains(result.scenario))
            scenarios << result.scenario;
        if (!clients.contains(result.clients))
            clients << result.clients;
        rates << result.attemptsPerSecond();
        tails << result.latency.p99Ms;
    }
    if (results.isEmpty())
        return makeError(ErrorCode::BadInput, QStringLiteral("Nothing was measured, so there is nothing to plot."));
    std::sort(clients.begin(), clients.end());

    QVector<Series> throughput;
    QVector<Series> p99;
    for (int i = 0; i < scenarios.size(); ++i) {
        const QColor color = palette[i % int(std::size(palette))];
        Series rate{scenarios[i], color, {}};
        Series tail{scenarios[i], color, {}};
        for (int count : clients) {
            // One point a client count: the median of the rounds (--rounds), as the ratios take it.
            QVector<double> roundRates, roundTails;
            for (const CellResult &result : results) {
                if (result.scenario != scenarios[i] || result.clients != count)
                    continue;
                roundRates << result.attemptsPerSecond();
                roundTails << result.latency.p99Ms;
            }
            if (roundRates.isEmpty())
                continue;
            rate.points << QPointF(count, median(roundRates));
            tail.points << QPointF(count, median(roundTails));
        }
        throughput << rate;
        p99 << tail;
    }

    QImage image(imageWidth, imageHeight, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    QFont font = painter.font();
    font.setPixelSize(14);
    painter.setFont(font);

    const double legendHeight = 70;
    const QRectF charts(0, 30, imageWidth, imageHeight - 30 - legendHeight);
    const Panel left(QRectF(charts.left(), charts.top(), charts.width() / 2, charts.height()),
                     QStringLiteral("claim attempts per second (log scale)"), clients, decades(rates));
    const Panel right(QRectF(charts.center().x(), charts.top(), charts.width() / 2, charts.height()),
                      QStringLiteral("p99 latency of a claim, ms (log scale)"), clients, decades(tails));

    painter.setPen(Qt::black);
    painter.drawText(QPointF(20, 22), QStringLiteral("boxoffice-bench: seat claims against concurrent clients"));
    left.drawFrame(painter);
    right.drawFrame(painter);
    for (int i = 0; i < throughput.size(); ++i) {
        left.drawSeries(painter, throughput[i]);
        right.drawSeries(painter, p99[i]);
    }

    // The legend: one swatch and name per scenario along the bottom.
    const QFontMetricsF metrics(painter.font());
    double x = 80;
    double y = imageHeight - legendHeight / 2;
    for (const Series &series : throughput) {
        const double width = 40 + metrics.horizontalAdvance(series.name) + 30;
        if (x + width > imageWidth - 20) {
            x = 80;
            y += metrics.height() + 6;
        }
        painter.setPen(QPen(series.color, 3));
        painter.drawLine(QPointF(x, y), QPointF(x + 30, y));
        painter.setPen(Qt::black);
        painter.drawText(QPointF(x + 38, y + metrics.ascent() / 2.5), series.name);
        x += width;
    }
    painter.end();

    if (!image.save(path, "PNG"))
        return makeError(ErrorCode::Internal, QStringLiteral("Could not write the plot to %1.").arg(path));
    return Done{};
}

} // namespace boxoffice::bench
