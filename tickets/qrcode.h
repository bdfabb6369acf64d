#pragma once

#include "domain/result.h"

#include <QByteArray>

QT_BEGIN_NAMESPACE
class QPainter;
class QRectF;
QT_END_NAMESPACE

namespace boxoffice {

// A QR code symbol from libqrencode. The library's buffer is freed as soon as the modules are copied
// out, so a QrCode is a plain value that can be kept, copied and painted any number of times.
class QrCode
{
public:
    // Error correction M survives a crease or a smudge on paper; the version grows to fit the text.
    static Result<QrCode> encode(const QByteArray &text);

    int size() const { return m_size; } // modules along one side, without the quiet zone
    bool dark(int x, int y) const; // false outside the symbol, i.e. in the quiet zone

    // Fills `target` white and draws the symbol centred in it, with the 4-module quiet zone scanners
    // need. Modules are snapped to whole device pixels where the painter allows it, so that scanners
    // see sharp, equal modules instead of smeared or uneven ones.
    void paint(QPainter &painter, const QRectF &target) const;

private:
    QrCode(int size, QByteArray modules);

    int m_size = 0;
    QByteArray m_modules; // row-major, one byte a module, non-zero for dark
};

} // namespace boxoffice
