#pragma once

#include "domain/result.h"

#include <QPageLayout>
#include <QRectF>
#include <QString>

#include <functional>

QT_BEGIN_NAMESPACE
class QPagedPaintDevice;
class QPainter;
QT_END_NAMESPACE

namespace boxoffice {

// Something printed page by page (tickets, a receipt) onto any paged device: a QPrinter, a QPdfWriter.
// It holds copies of its data and touches no widget, so it may be painted off the GUI thread (Qt paints
// onto a QPrinter from any one thread at a time).
class PagedDocument
{
public:
    virtual ~PagedDocument() = default;
    virtual QString title() const = 0;
    virtual QPageLayout pageLayout() const = 0;
    virtual int pageCount() const = 0;
    // `page` is the whole sheet in device coordinates; the document keeps its own margins.
    virtual void paintPage(QPainter &painter, int index, const QRectF &page) const = 0;
};

// Paints every page of `document` onto `device`, after setting its page layout. `pageDone` is called
// after each page with the number painted so far; it answers false to stop (the job is then abandoned,
// and the answer is a Conflict "cancelled" error). `abandon` runs first then, before the painter ends:
// a printer throws its pages away there (QPrinter::abort); a PDF writer has no such thing.
Status paintDocument(const PagedDocument &document, QPagedPaintDevice &device,
                     const std::function<bool(int pagesDone)> &pageDone = {},
                     const std::function<void()> &abandon = {});

} // namespace boxoffice
