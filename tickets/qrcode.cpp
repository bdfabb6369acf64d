#include "tickets/qrcode.h"

#include <QPainter>
#include <QRectF>
#include <QTransform>

#include <qrencode.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <memory>
#include <utility>

namespace boxoffice {

namespace {

constexpr int QuietZone = 4; // modules of white around the symbol, as ISO/IEC 18004 asks

struct QrcodeDeleter
{
    void operator()(QRcode *code) const { QRcode_free(code); }
};

// Dark modules of one row merged into runs: fewer rectangles, and no hairline seams between
// neighbouring modules when a PDF viewer antialiases the page.
template<typename FillRect> void forEachDarkRun(const QrCode &code, FillRect fillRect)
{
    for (int y = 0; y < code.size(); ++y) {
        int x = 0;
        while (x < code.size()) {
            if (!code.dark(x, y)) {
                ++x;
                continue;
            }
            const int start = x;
            while (x < code.size() && code.dark(x, y))
                ++x;
            fillRect(start, y, x - start);
        }
    }
}

} // namespace

QrCode::QrCode(int size, QByteArray modules) : m_size(size), m_modules(std::move(modules)) { }

Result<QrCode> QrCode::encode(const QByteArray &text)
{
    if (text.isEmpty())
        return makeError(ErrorCode::BadInput, QStringLiteral("A QR code needs some text to encode."));

    errno = 0;
    const std::unique_ptr<QRcode, QrcodeDeleter> code(QRcode_encodeData(
        int(text.size()), reinterpret_cast<const unsigned char *>(text.constData()), 0, QR_ECLEVEL_M));
    if (!code) {
        const int reason = errno;
        DomainError error = reason == ERANGE
            ? makeError(ErrorCode::BadInput, QStringLiteral("The text is too long for a QR code."))
            : makeError(ErrorCode::Internal, QStringLiteral("The QR code could not be made."));
        error.detail = QStringLiteral("QRcode_encodeData: %1").arg(QString::fromLocal8Bit(std::strerror(reason)));
        return error;
    }

    const int size = code->width;
    QByteArray modules(qsizetype(size) * size, '\0');
    // Bit 0 is the module's colour; the other bits only describe how libqrencode placed it.
    for (qsizetype i = 0; i < modules.size(); ++i)
        modules[i] = char(code->data[i] & 1);
    return QrCode(size, std::move(modules));
}

bool QrCode::dark(int x, int y) const
{
    if (x < 0 || y < 0 || x >= m_size || y >= m_size)
        return false;
    return m_modules.at(qsizetype(y) * m_size + x) != 0;
}

void QrCode::paint(QPainter &painter, const QRectF &target) const
{
    if (m_size <= 0 || target.isEmpty())
        return;
    const int modulesAcross = m_size + 2 * QuietZone;

    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, false);
    painter.fillRect(target, Qt::white);

    // Lay the symbol out in device pixels when the painter only scales and moves: a whole number of
    // pixels a module keeps every module the same size. Under rotation or shear, use the painter's units.
    const QTransform toDevice = painter.deviceTransform();
    const bool snap = toDevice.type() <= QTransform::TxScale && toDevice.isInvertible();
    const QRectF area = snap ? toDevice.mapRect(target) : target;
    double module = std::min(area.width(), area.height()) / modulesAcross;
    if (snap && module >= 1.0)
        module = std::floor(module);
    const double symbolSide = module * modulesAcross;
    double left = area.center().x() - symbolSide / 2;
    double top = area.center().y() - symbolSide / 2;
    if (snap) {
        left = std::round(left);
        top = std::round(top);
    }
    left += QuietZone * module;
    top += QuietZone * module;
    // Back to the painter's own units for drawing, so whatever else it maps (high-DPI scaling of a
    // widget, say) still applies.
    const QTransform toLogical = snap ? toDevice.inverted() : QTransform();

    painter.setPen(Qt::NoPen);
    painter.setBrush(Qt::black);
    forEachDarkRun(*this, [&](int x, int y, int run) {
        painter.drawRect(toLogical.mapRect(QRectF(left + x * module, top + y * module, run * module, module)));
    });
    painter.restore();
}

} // namespace boxoffice
