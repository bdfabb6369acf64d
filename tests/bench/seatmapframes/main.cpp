// boxoffice-seatmap-bench: what the 50,000-seat stadium map costs to build and to draw. Full frames
// are rendered offscreen at three zooms (whole venue, medium, close-up) and while panning, each
// against plain QPainter::fillRect calls for the same seats into the same image in the same run, so
// the figure to read is the ratio; the milliseconds depend on the machine. The last column is the
// rendering thread's CPU time per frame (median), which a busy machine does not inflate. No database.

#include "domain/venuespec.h"
#include "ui/seatmap/seatitem.h"
#include "ui/seatmap/seatmapscene.h"
#include "ui/seatmap/seatmapview.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QHash>
#include <QImage>
#include <QPainter>
#include <QTextStream>

#include <algorithm>
#include <cmath>
#include <ctime>
#include <functional>
#include <unistd.h>

using namespace boxoffice;

namespace {

struct Options
{
    int frames = 40;
    QSize size{1600, 1000};
    QString saveFolder;
};

struct Frames
{
    double median = 0;
    double p95 = 0;
};

// The set-up each frame draws: where the view looks and which seats fall in it.
struct ViewPose
{
    qreal zoom = 0;
    QPointF centre;
};

// This thread's own CPU time: on a shared, loaded machine the wall-clock median also counts the time
// other processes had the core, the CPU median does not.
double threadCpuMs()
{
    timespec at{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &at);
    return at.tv_sec * 1e3 + at.tv_nsec / 1e6;
}

double kibToMib(qint64 kib)
{
    return kib / 1024.0;
}

// Peak resident memory so far, from the kernel's own account.
qint64 peakRssKib()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').value(0).toLongLong();
    }
    return -1;
}

Frames summarise(QVector<double> milliseconds)
{
    Frames result;
    if (milliseconds.isEmpty())
        return result;
    std::sort(milliseconds.begin(), milliseconds.end());
    const int n = int(milliseconds.size());
    result.median = n % 2 ? milliseconds.at(n / 2) : (milliseconds.at(n / 2 - 1) + milliseconds.at(n / 2)) / 2;
    result.p95 = milliseconds.at(qBound(0, int(std::ceil(0.95 * n)) - 1, n - 1));
    return result;
}

SeatMap stadiumSeatMap(QString *error)
{
    QFile file(QStringLiteral(":/demo/stadium.json"));
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("the demo stadium is missing from this build");
        return {};
    }
    const auto spec = VenueSpec::fromJson(file.readAll());
    if (!spec) {
        *error = spec.error().message;
        return {};
    }
    return seatMapFromVenue(spec.value());
}

// The live status on stderr: rewritten in place on a terminal; into a log file, a line every two
// seconds at most.
class Progress
{
public:
    Progress() { m_sincePrinted.start(); }

    void show(const QString &line)
    {
        if (m_tty) {
            m_err << '\r' << line << QStringLiteral("\x1b[K") << Qt::flush;
        } else if (m_sincePrinted.elapsed() >= 2000) {
            m_err << line << '\n' << Qt::flush;
            m_sincePrinted.restart();
        }
    }
    void note(const QString &line)
    {
        if (m_tty)
            m_err << '\r' << QStringLiteral("\x1b[K");
        m_err << line << '\n' << Qt::flush;
    }
    void clear()
    {
        if (m_tty)
            m_err << '\r' << QStringLiteral("\x1b[K") << Qt::flush;
    }

private:
    bool m_tty = isatty(STDERR_FILENO);
    QTextStream m_err{stderr};
    QElapsedTimer m_sincePrinted;
};

class FrameBench
{
public:
    FrameBench(const Options &options, SeatMapScene &scene, SeatMapView &view, Progress &progress)
        : m_options(options), m_scene(scene), m_view(view), m_progress(progress),
          m_image(options.size, QImage::Format_ARGB32_Premultiplied)
    { }

    void applyPose(const ViewPose &pose)
    {
        if (pose.zoom <= 0) {
            m_view.fitAll();
        } else {
            m_view.zoomAt(pose.zoom, m_view.viewport()->rect().center());
            m_view.centerOn(pose.centre);
        }
    }

    // One full frame through the view's own paint path (the viewport's paint event).
    double renderFrame(double *cpuMs = nullptr)
    {
        const double cpuStart = threadCpuMs();
        QElapsedTimer timer;
        timer.start();
        m_view.viewport()->render(&m_image);
        const double wall = timer.nsecsElapsed() / 1e6;
        if (cpuMs)
            *cpuMs = threadCpuMs() - cpuStart;
        return wall;
    }

    // The floor: one plain fillRect per seat in view, at the same place and size, into the same image.
    double baselineFrame(const QVector<QPointF> &seats, const QTransform &transform)
    {
        QElapsedTimer timer;
        timer.start();
        QPainter painter(&m_image);
        painter.fillRect(m_image.rect(), QColor(0xf4, 0xf2, 0xed));
        painter.setTransform(transform);
        const QRectF seat = SeatItem::seatRect();
        const QColor colour = SeatItem::bandColor(0);
        for (const QPointF &at : seats)
            painter.fillRect(seat.translated(at), colour);
        painter.end();
        return timer.nsecsElapsed() / 1e6;
    }

    // From the map, not from the scene's index: far out the seat items are hidden from it on purpose.
    QVector<QPointF> seatsInView() const
    {
        QVector<QPointF> seats;
        const QRectF visible
            = m_view.mapToScene(m_view.viewport()->rect()).boundingRect().adjusted(-0.5, -0.5, 0.5, 0.5);
        for (const SeatMapSeat &seat : m_scene.seatMap().seats) {
            if (visible.contains(seat.x, seat.y))
                seats.append(QPointF(seat.x, seat.y));
        }
        return seats;
    }

    // Renders `frames` frames, posing the view before each one, and the baseline for the same poses.
    void run(const QString &name, const std::function<ViewPose(int)> &poseFor)
    {
        m_progress.note(QStringLiteral("rendering %1").arg(name));
        const int warmUp = 3;
        QVector<double> frameMs, baselineMs, cpuMs;
        qint64 seatsDrawn = 0;
        for (int i = 0; i < warmUp + m_options.frames; ++i) {
            applyPose(poseFor(i));
            const QVector<QPointF> seats = seatsInView();
            const QTransform transform = m_view.viewportTransform();
            double cpu = 0;
            const double frame = renderFrame(&cpu);
            if (i == warmUp + m_options.frames - 1 && !m_options.saveFolder.isEmpty())
                m_image.save(QDir(m_options.saveFolder).filePath(QStringLiteral("seatmap-bench-%1.png").arg(name)));
            const double baseline = baselineFrame(seats, transform);
            if (i >= warmUp) {
                frameMs.append(frame);
                cpuMs.append(cpu);
                baselineMs.append(baseline);
                seatsDrawn += seats.size();
            }
            m_progress.show(QStringLiteral("%1: frame %2/%3").arg(name).arg(i + 1).arg(warmUp + m_options.frames));
        }
        m_progress.clear();
        const Frames frames = summarise(frameMs);
        const Frames baseline = summarise(baselineMs);
        const Frames cpu = summarise(cpuMs);
        QTextStream(stdout) << QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9\n")
                                   .arg(name, -14)
                                   .arg(m_view.zoom(), 8, 'f', 1)
                                   .arg(seatsDrawn / qMax(1, m_options.frames), 9)
                                   .arg(frames.median, 10, 'f', 2)
                                   .arg(frames.p95, 8, 'f', 2)
                                   .arg(baseline.median, 13, 'f', 2)
                                   .arg(baseline.median > 0 ? frames.median / baseline.median : 0, 7, 'f', 1)
                                   .arg(kibToMib(peakRssKib()), 10, 'f', 1)
                                   .arg(cpu.median, 8, 'f', 2);
    }

private:
    const Options &m_options;
    SeatMapScene &m_scene;
    SeatMapView &m_view;
    Progress &m_progress;
    QImage m_image;
};

bool parseOptions(const QApplication &app, Options *options, QString *error)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Builds the 50,000-seat demo stadium map and times full offscreen frames against plain fillRect."));
    parser.addHelpOption();
    const QCommandLineOption frames(QStringLiteral("frames"), QStringLiteral("Timed frames per view (default 40)."),
                                    QStringLiteral("n"), QStringLiteral("40"));
    const QCommandLineOption size(QStringLiteral("size"), QStringLiteral("Frame size (default 1600x1000)."),
                                  QStringLiteral("WxH"), QStringLiteral("1600x1000"));
    const QCommandLineOption save(QStringLiteral("save"), QStringLiteral("Save the last frame of each view here."),
                                  QStringLiteral("folder"));
    parser.addOptions({frames, size, save});
    parser.process(app);

    bool ok = false;
    options->frames = parser.value(frames).toInt(&ok);
    if (!ok || options->frames < 1) {
        *error = QStringLiteral("--frames takes a positive number");
        return false;
    }
    const QStringList wh = parser.value(size).split(QLatin1Char('x'));
    const int width = wh.value(0).toInt();
    const int height = wh.value(1).toInt();
    if (wh.size() != 2 || width < 100 || height < 100) {
        *error = QStringLiteral("--size takes WxH, at least 100x100");
        return false;
    }
    options->size = QSize(width, height);
    options->saveFolder = parser.value(save);
    return true;
}

} // namespace

int main(int argc, char *argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("boxoffice-seatmap-bench"));
    Options options;
    QString error;
    if (!parseOptions(app, &options, &error)) {
        QTextStream(stderr) << error << "\nTry --help.\n";
        return 2;
    }
    Progress progress;
    QTextStream out(stdout);

    const qint64 rssStart = peakRssKib();
    progress.show(QStringLiteral("expanding the stadium"));
    QElapsedTimer timer;
    timer.start();
    const SeatMap map = stadiumSeatMap(&error);
    if (map.seats.isEmpty()) {
        progress.note(error);
        return 1;
    }
    const double expandMs = timer.nsecsElapsed() / 1e6;
    const qint64 rssMap = peakRssKib();

    progress.show(QStringLiteral("building the scene"));
    SeatMapScene scene;
    timer.restart();
    scene.setSeatMap(map);
    const double buildMs = timer.nsecsElapsed() / 1e6;
    const qint64 rssScene = peakRssKib();

    SeatMapView view(&scene);
    view.resize(options.size + QSize(2 * view.frameWidth(), 2 * view.frameWidth()));
    view.setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    view.setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    view.show();
    QCoreApplication::processEvents();
    view.fitAll();

    FrameBench bench(options, scene, view, progress);
    // The first frame pays for the BSP index over 50,000 items, built on the first query.
    timer.restart();
    bench.renderFrame();
    const double firstFrameMs = timer.nsecsElapsed() / 1e6;
    const qint64 rssFirstFrame = peakRssKib();

    out << QStringLiteral("boxoffice-seatmap-bench: %1 seats, frames %2x%3 (viewport %4x%5), %6 timed frames a view, "
                          "platform %7\n")
               .arg(scene.seatCount())
               .arg(options.size.width())
               .arg(options.size.height())
               .arg(view.viewport()->width())
               .arg(view.viewport()->height())
               .arg(options.frames)
               .arg(QGuiApplication::platformName());
    out << QStringLiteral("expand venue %1 ms, setSeatMap %2 ms, first frame (builds the index) %3 ms, "
                          "VmHWM after it %4 MiB\n")
               .arg(expandMs, 0, 'f', 1)
               .arg(buildMs, 0, 'f', 1)
               .arg(firstFrameMs, 0, 'f', 1)
               .arg(kibToMib(rssFirstFrame), 0, 'f', 1);
    out << QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9\n")
               .arg(QStringLiteral("view"), -14)
               .arg(QStringLiteral("px/seat"), 8)
               .arg(QStringLiteral("seats"), 9)
               .arg(QStringLiteral("median ms"), 10)
               .arg(QStringLiteral("p95 ms"), 8)
               .arg(QStringLiteral("fillRect ms"), 13)
               .arg(QStringLiteral("ratio"), 7)
               .arg(QStringLiteral("VmHWM MiB"), 10)
               .arg(QStringLiteral("cpu ms"), 8);
    out.flush();

    // Medium and close-up look at the long stand along the top, where the view is full of seats.
    const QPointF stand(150, -15);
    bench.run(QStringLiteral("far-fit-all"), [](int) { return ViewPose{}; });
    bench.run(QStringLiteral("medium"), [&](int) { return ViewPose{10, stand}; });
    bench.run(QStringLiteral("close-up"), [&](int) { return ViewPose{30, stand}; });
    const int panFrames = options.frames + 3;
    bench.run(QStringLiteral("pan-medium"), [&](int i) {
        return ViewPose{10, QPointF(40 + 480.0 * i / qMax(1, panFrames - 1), -15)};
    });
    bench.run(QStringLiteral("pan-close-up"), [&](int i) {
        return ViewPose{30, QPointF(40 + 480.0 * i / qMax(1, panFrames - 1), -15)};
    });

    const qint64 rssEnd = peakRssKib();
    out << QStringLiteral("peak RSS (VmHWM): start %1 MiB, seat map expanded %2 MiB, scene built %3 MiB "
                          "(+%4 MiB for the scene), after frames %5 MiB\n")
               .arg(kibToMib(rssStart), 0, 'f', 1)
               .arg(kibToMib(rssMap), 0, 'f', 1)
               .arg(kibToMib(rssScene), 0, 'f', 1)
               .arg(kibToMib(rssScene - rssMap), 0, 'f', 1)
               .arg(kibToMib(rssEnd), 0, 'f', 1);
    return 0;
}
