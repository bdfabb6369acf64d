#include "domain/ticket.h"
#include "domain/ticketissuing.h"
#include "tickets/qrcode.h"
#include "tickets/ticketpdfwriter.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QPainter>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUuid>

#include <algorithm>

using namespace boxoffice;

// The scanner at the door is the real judge of a ticket, so these tests read the printed codes back
// with an independent decoder (zbar) from the PDF as a printer would rasterise it (poppler).
class TestTicketPdf : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void qrCodeHasFinderPatterns();
    void paintedQrCodeScans();
    void pdfHasOneScannableTicketPerPage();
    void previewScans();
    void unwritablePathIsAnError();
    void noTicketsIsAnError();
    void anOrderPdfHasPlacesAndVouchers();

private:
    QString m_pdftoppm;
    QString m_zbarimg;
};

static const char MissingPdftoppm[] = "pdftoppm not found: install the Debian package poppler-utils";
static const char MissingZbarimg[] = "zbarimg not found: install the Debian package zbar-tools";

static Ticket sampleTicket(int seat)
{
    Ticket ticket;
    ticket.code = QUuid::createUuid().toString(QUuid::WithoutBraces);
    ticket.order = 40217;
    ticket.eventName = QStringLiteral("The Marriage of Figaro \u2013 Opening Night Gala");
    ticket.startsAt = QDateTime(QDate(2026, 12, 12), QTime(19, 30), Qt::UTC);
    ticket.venue = QStringLiteral("Grand Theatre, Main Hall");
    ticket.seatLabel = QStringLiteral("STL-12-%1").arg(seat);
    ticket.sectionName = QStringLiteral("Stalls");
    ticket.price = Money(4550, QStringLiteral("EUR"));
    ticket.currency = QStringLiteral("EUR");
    ticket.soldBy = QStringLiteral("anna");
    ticket.issuedAt = QDateTime(QDate(2026, 11, 29), QTime(16, 5), Qt::UTC);
    return ticket;
}

// QVERIFY2 builds its message even when the check passes, so it must not touch error() of a success.
template<typename T> static QByteArray failure(const Result<T> &result)
{
    return result.ok() ? QByteArray() : result.error().message.toUtf8();
}

// Runs a tool to completion; on failure says why in `error`.
static bool run(const QString &program, const QStringList &arguments, QByteArray *output, QString *error)
{
    QProcess process;
    process.start(program, arguments);
    if (!process.waitForFinished(60000)) {
        *error = QStringLiteral("%1 did not finish: %2").arg(program, process.errorString());
        return false;
    }
    *output = process.readAllStandardOutput();
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) {
        *error = QStringLiteral("%1 %2 exited with %3: %4")
                     .arg(program, arguments.join(QLatin1Char(' ')))
                     .arg(process.exitCode())
                     .arg(QString::fromLocal8Bit(process.readAllStandardError()));
        return false;
    }
    return true;
}

// Every symbol zbar finds in the image, one string each.
static bool scan(const QString &zbarimg, const QString &imagePath, QStringList *symbols, QString *error)
{
    QByteArray output;
    if (!run(zbarimg, {QStringLiteral("--quiet"), QStringLiteral("--raw"), imagePath}, &output, error))
        return false;
    *symbols = QString::fromUtf8(output).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    return true;
}

void TestTicketPdf::initTestCase()
{
    m_pdftoppm = QStandardPaths::findExecutable(QStringLiteral("pdftoppm"));
    m_zbarimg = QStandardPaths::findExecutable(QStringLiteral("zbarimg"));
}

void TestTicketPdf::qrCodeHasFinderPatterns()
{
    const Result<QrCode> code = QrCode::encode("BOXOFFICE-TICKET:0d2f6c1e-5b7a-4c43-9f0e-2a1b3c4d5e6f");
    QVERIFY2(code.ok(), failure(code).constData());
    const int size = code->size();
    QVERIFY(size >= 21);
    QCOMPARE((size - 21) % 4, 0); // versions grow by four modules a side

    // The three finder patterns: a dark 7x7 ring, a light ring inside it, a dark 3x3 centre.
    const QPoint corners[] = {{0, 0}, {size - 7, 0}, {0, size - 7}};
    for (const QPoint &corner : corners) {
        for (int y = 0; y < 7; ++y) {
            for (int x = 0; x < 7; ++x) {
                const int ring = std::min({x, y, 6 - x, 6 - y});
                const bool expected = ring != 1;
                QVERIFY2(code->dark(corner.x() + x, corner.y() + y) == expected,
                         qPrintable(QStringLiteral("module %1,%2").arg(corner.x() + x).arg(corner.y() + y)));
            }
        }
    }
    QVERIFY(!code->dark(-1, 0));
    QVERIFY(!code->dark(size, size - 1));

    const Result<QrCode> empty = QrCode::encode(QByteArray());
    QVERIFY(!empty.ok());
    QCOMPARE(empty.error().code, ErrorCode::BadInput);
}

void TestTicketPdf::paintedQrCodeScans()
{
    if (m_zbarimg.isEmpty())
        QFAIL(MissingZbarimg);
    const QByteArray text = "BOXOFFICE-TICKET:round-trip";
    const Result<QrCode> code = QrCode::encode(text);
    QVERIFY2(code.ok(), failure(code).constData());

    QImage image(300, 300, QImage::Format_RGB32);
    image.fill(Qt::gray); // the quiet zone must be painted white by paint() itself
    {
        QPainter painter(&image);
        code->paint(painter, QRectF(10, 10, 280, 280));
    }
    QCOMPARE(image.pixelColor(12, 12), QColor(Qt::white));

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("code.png"));
    QVERIFY(image.save(path));
    QStringList symbols;
    QString error;
    QVERIFY2(scan(m_zbarimg, path, &symbols, &error), qPrintable(error));
    QCOMPARE(symbols, QStringList{QString::fromLatin1(text)});
}

void TestTicketPdf::pdfHasOneScannableTicketPerPage()
{
    if (m_pdftoppm.isEmpty())
        QFAIL(MissingPdftoppm);
    if (m_zbarimg.isEmpty())
        QFAIL(MissingZbarimg);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QVector<Ticket> tickets{sampleTicket(7), sampleTicket(8)};
    const QString pdfPath = dir.filePath(QStringLiteral("tickets.pdf"));
    const Status written = writeTicketsPdf(tickets, pdfPath);
    QVERIFY2(written.ok(), failure(written).constData());

    QFile pdf(pdfPath);
    QVERIFY(pdf.open(QIODevice::ReadOnly));
    QVERIFY(pdf.read(5).startsWith("%PDF"));
    pdf.close();

    constexpr int Dpi = 200;
    QByteArray output;
    QString error;
    const QString prefix = dir.filePath(QStringLiteral("page"));
    QVERIFY2(run(m_pdftoppm, {QStringLiteral("-r"), QString::number(Dpi), QStringLiteral("-png"), pdfPath, prefix},
                 &output, &error),
             qPrintable(error));
    // pdftoppm numbers pages with equal-width suffixes, so name order is page order.
    const QStringList pages = QDir(dir.path()).entryList({QStringLiteral("page-*.png")}, QDir::Files, QDir::Name);
    QCOMPARE(pages.size(), tickets.size());

    for (int i = 0; i < pages.size(); ++i) {
        const QString pagePath = dir.filePath(pages.at(i));
        QStringList symbols;
        QVERIFY2(scan(m_zbarimg, pagePath, &symbols, &error), qPrintable(error));
        QCOMPARE(symbols, QStringList{ticketQrPayload(tickets.at(i))});

        // The symbol must be big enough for a door scanner at arm's length: at least 30 mm. It is the
        // only ink in the top of the stub (right of the tear line, above the printed code).
        const QImage page(pagePath);
        QVERIFY(!page.isNull());
        int leftmost = page.width();
        int rightmost = -1;
        for (int y = 0; y < page.height() * 45 / 100; ++y) {
            for (int x = page.width() * 66 / 100; x < page.width(); ++x) {
                if (qGray(page.pixel(x, y)) < 128) {
                    leftmost = std::min(leftmost, x);
                    rightmost = std::max(rightmost, x);
                }
            }
        }
        QVERIFY(rightmost > leftmost);
        const double widthMm = (rightmost - leftmost + 1) * 25.4 / Dpi;
        QVERIFY2(widthMm >= 30.0, qPrintable(QStringLiteral("QR code is %1 mm wide").arg(widthMm)));
    }
}

void TestTicketPdf::previewScans()
{
    if (m_zbarimg.isEmpty())
        QFAIL(MissingZbarimg);
    const Ticket ticket = sampleTicket(9);
    const QImage image = renderTicket(ticket, QSize(1200, 900));
    QCOMPARE(image.size(), QSize(1200, 900));

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("preview.png"));
    QVERIFY(image.save(path));
    QStringList symbols;
    QString error;
    QVERIFY2(scan(m_zbarimg, path, &symbols, &error), qPrintable(error));
    QCOMPARE(symbols, QStringList{ticketQrPayload(ticket)});

    QVERIFY(renderTicket(ticket, QSize()).isNull());
}

void TestTicketPdf::unwritablePathIsAnError()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    // A regular file where a folder should be: refused even when the tests run as root.
    QFile blocker(dir.filePath(QStringLiteral("blocker")));
    QVERIFY(blocker.open(QIODevice::WriteOnly));
    blocker.close();
    const QString path = dir.filePath(QStringLiteral("blocker/tickets.pdf"));

    const Status written = writeTicketsPdf({sampleTicket(1)}, path);
    QVERIFY(!written.ok());
    QCOMPARE(written.error().code, ErrorCode::BadInput);
    QVERIFY2(written.error().message.contains(path), failure(written).constData());
    QVERIFY(!QFile::exists(path));
}

void TestTicketPdf::noTicketsIsAnError()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("none.pdf"));
    const Status written = writeTicketsPdf({}, path);
    QVERIFY(!written.ok());
    QCOMPARE(written.error().code, ErrorCode::BadInput);
    QVERIFY(!QFile::exists(path));

    Ticket uncoded = sampleTicket(2);
    uncoded.code.clear();
    QVERIFY(!writeTicketsPdf({uncoded}, path).ok());
    QVERIFY(!QFile::exists(path));
}

// Issue 16: an order's one PDF: a ticket page for each standing place (its own scannable code, the
// area and "admits one" where a seat would be), then a voucher page for each stay and table.
void TestTicketPdf::anOrderPdfHasPlacesAndVouchers()
{
    if (m_pdftoppm.isEmpty())
        QFAIL(MissingPdftoppm);
    if (m_zbarimg.isEmpty())
        QFAIL(MissingZbarimg);
    QVector<Ticket> places;
    for (int place = 1; place <= 2; ++place) {
        Ticket ticket = sampleTicket(0);
        ticket.seatLabel.clear();
        ticket.sectionName = QStringLiteral("Front of Stage");
        ticket.place = place;
        ticket.places = 2;
        places << ticket;
    }
    Voucher stay;
    stay.kind = Voucher::Kind::Stay;
    stay.order = 40217;
    stay.venue = QStringLiteral("Harbour Hotel");
    stay.item = QStringLiteral("Double room");
    stay.what = stay.venue + QStringLiteral(", ") + stay.item;
    stay.reference = QStringLiteral("HB-7Q2K");
    stay.checkIn = QDate(2026, 12, 12);
    stay.checkOut = QDate(2026, 12, 15);
    Voucher table;
    table.kind = Voucher::Kind::Table;
    table.order = 40217;
    table.venue = QStringLiteral("Chez Marie");
    table.item = QStringLiteral("table T4");
    table.reference = QStringLiteral("9031");
    table.startsAt = QDateTime(QDate(2026, 12, 12), QTime(17, 0), Qt::UTC);
    table.endsAt = table.startsAt.addSecs(5400);
    table.quantity = 4;

    const Result<QByteArray> pdf = orderPdf(places, {stay, table});
    QVERIFY2(pdf.ok(), failure(pdf).constData());
    QVERIFY(pdf.value().startsWith("%PDF"));
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString pdfPath = dir.filePath(QStringLiteral("order.pdf"));
    QFile file(pdfPath);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(pdf.value());
    file.close();

    QByteArray text;
    QString error;
    QVERIFY2(
        run(QStandardPaths::findExecutable(QStringLiteral("pdftotext")), {pdfPath, QStringLiteral("-")}, &text, &error),
        qPrintable(error));
    const QString words = QString::fromUtf8(text).simplified();
    QCOMPARE(words.count(QStringLiteral("Standing \u2014 Front of Stage admits one")), 2);
    for (const QString &shown : {QStringLiteral("1 of 2"), QStringLiteral("2 of 2"), QStringLiteral("Harbour Hotel"),
                                 QStringLiteral("Double room"), QStringLiteral("HB-7Q2K"), QStringLiteral("NIGHTS"),
                                 QStringLiteral("Chez Marie"), QStringLiteral("table T4"), QStringLiteral("9031"),
                                 QStringLiteral("PARTY"), QStringLiteral("40217")})
        QVERIFY2(words.contains(shown), qPrintable(shown + QStringLiteral(" is not in: ") + words));

    QByteArray output;
    const QString prefix = dir.filePath(QStringLiteral("page"));
    QVERIFY2(run(m_pdftoppm, {QStringLiteral("-r"), QStringLiteral("150"), QStringLiteral("-png"), pdfPath, prefix},
                 &output, &error),
             qPrintable(error));
    const QStringList pages = QDir(dir.path()).entryList({QStringLiteral("page-*.png")}, QDir::Files, QDir::Name);
    QCOMPARE(pages.size(), 4);
    for (int i = 0; i < pages.size(); ++i) {
        QStringList symbols;
        QVERIFY2(scan(m_zbarimg, dir.filePath(pages.at(i)), &symbols, &error) || i >= 2, qPrintable(error));
        // A voucher has nothing to scan: the front desk asks for the reference.
        QCOMPARE(symbols, i < 2 ? QStringList{ticketQrPayload(places.at(i))} : QStringList{});
    }
}

QTEST_MAIN(TestTicketPdf)
#include "tst_ticketpdf.moc"
