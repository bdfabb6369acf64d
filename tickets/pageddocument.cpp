#include "tickets/pageddocument.h"

#include <QCoreApplication>
#include <QPagedPaintDevice>
#include <QPainter>

namespace boxoffice {

Status paintDocument(const PagedDocument &document, QPagedPaintDevice &device,
                     const std::function<bool(int pagesDone)> &pageDone, const std::function<void()> &abandon)
{
    const int pages = document.pageCount();
    if (pages <= 0)
        return makeError(ErrorCode::BadInput, QCoreApplication::translate("Printing", "There is nothing to print."));
    if (!device.setPageLayout(document.pageLayout()))
        return makeError(ErrorCode::BadInput,
                         QCoreApplication::translate("Printing", "The printer does not take this paper size."));

    QPainter painter;
    if (!painter.begin(&device))
        return makeError(ErrorCode::Unavailable,
                         QCoreApplication::translate("Printing", "The printer could not start the job."));
    const QRectF page(0, 0, device.width(), device.height());
    for (int i = 0; i < pages; ++i) {
        if (i > 0 && !device.newPage()) {
            painter.end();
            return makeError(
                ErrorCode::Unavailable,
                QCoreApplication::translate("Printing", "The printer stopped after %n page(s).", nullptr, i));
        }
        painter.save();
        document.paintPage(painter, i, page);
        painter.restore();
        if (pageDone && !pageDone(i + 1)) {
            if (abandon)
                abandon();
            painter.end();
            return makeError(ErrorCode::Conflict, QCoreApplication::translate("Printing", "Printing was cancelled."));
        }
    }
    if (!painter.end())
        return makeError(ErrorCode::Unavailable,
                         QCoreApplication::translate("Printing", "The printer could not finish the job."));
    return Done{};
}

} // namespace boxoffice
