#include "ui/frontdesk/folioinvoice.h"

#include "ui/common/money.h"
#include "ui/frontdesk/foliowords.h"

#include <QCoreApplication>
#include <QFile>
#include <QLocale>
#include <QPdfWriter>
#include <QTextDocument>

namespace boxoffice {

namespace {

QString row(const QStringList &cells, bool strong = false)
{
    QString html = QStringLiteral("<tr>");
    for (int i = 0; i < cells.size(); ++i) {
        const bool amount = i == cells.size() - 1;
        html += QStringLiteral("<td%1>%2%3%4</td>")
                    .arg(amount ? QStringLiteral(" align=\"right\"") : QString(),
                         strong ? QStringLiteral("<b>") : QString(), cells.at(i).toHtmlEscaped(),
                         strong ? QStringLiteral("</b>") : QString());
    }
    return html + QStringLiteral("</tr>");
}

} // namespace

QString folioInvoiceHtml(const Folio &folio)
{
    const QLocale locale;
    const bool proForma = folio.state != StayState::CheckedOut;
    const auto money = [&](const Money &amount) { return amount.text(locale); };
    const auto day = [&](const QDate &date) { return locale.toString(date, QLocale::ShortFormat); };

    QString html = QStringLiteral("<html><body style=\"font-size:10pt\">");
    html += QStringLiteral("<h2>%1</h2>").arg(folio.hotel.toHtmlEscaped());
    html += QStringLiteral("<h3>%1</h3>")
                .arg(proForma ? QCoreApplication::translate("FolioInvoice", "Pro-forma invoice").toHtmlEscaped()
                              : QCoreApplication::translate("FolioInvoice", "Invoice").toHtmlEscaped());
    html += QStringLiteral("<p>%1<br>%2<br>%3</p>")
                .arg(QCoreApplication::translate("FolioInvoice", "Guest: %1").arg(folio.guest).toHtmlEscaped(),
                     QCoreApplication::translate("FolioInvoice", "Booking reference: %1")
                         .arg(folio.reference)
                         .toHtmlEscaped(),
                     QCoreApplication::translate("FolioInvoice", "%1, %2 to %3")
                         .arg(folio.roomType, day(folio.checkIn), day(folio.checkOut))
                         .toHtmlEscaped());

    html += QStringLiteral("<table width=\"100%\" cellspacing=\"0\" cellpadding=\"3\" border=\"0\">");
    html += row({QCoreApplication::translate("FolioInvoice", "Date"),
                 QCoreApplication::translate("FolioInvoice", "Item"),
                 QCoreApplication::translate("FolioInvoice", "Amount")},
                true);
    for (const FolioNight &night : folio.nights())
        html += row({day(night.night), QCoreApplication::translate("FolioInvoice", "Night, %1").arg(folio.roomType),
                     money(night.price)});
    for (const FolioCharge &charge : folio.charges) {
        if (charge.voided())
            continue; // voided charges are the desk's record, not the guest's bill
        const QString item = charge.quantity > 1 ? QCoreApplication::translate("FolioInvoice", "%1: %2 (%3 × %4)")
                                                       .arg(folioKindWords(charge.kind), charge.description)
                                                       .arg(charge.quantity)
                                                       .arg(money(charge.amount))
                                                 : QCoreApplication::translate("FolioInvoice", "%1: %2")
                                                       .arg(folioKindWords(charge.kind), charge.description);
        html += row({day(charge.postedAt.toLocalTime().date()), item, money(charge.total())});
    }
    html += row({QString(), QCoreApplication::translate("FolioInvoice", "Total"), money(folio.total())}, true);
    for (const FolioPayment &payment : folio.payments) {
        const QString what = payment.reference.isEmpty()
            ? folioPaymentWords(payment.method)
            : QCoreApplication::translate("FolioInvoice", "%1 (%2)")
                  .arg(folioPaymentWords(payment.method), payment.reference);
        const Money back = payment.amount.withMinor(-payment.amount.minor()); // paid: off the bill
        html += row({day(payment.at.toLocalTime().date()), what, money(back)});
    }
    html += row({QString(), QCoreApplication::translate("FolioInvoice", "Balance due"), money(folio.balance())}, true);
    html += QStringLiteral("</table>");
    if (proForma)
        html += QStringLiteral("<p><i>%1</i></p>")
                    .arg(QCoreApplication::translate(
                             "FolioInvoice", "The guest is still in house: this pro-forma lists what is billed so far.")
                             .toHtmlEscaped());
    return html + QStringLiteral("</body></html>");
}

Status writeFolioInvoicePdf(const Folio &folio, const QString &path)
{
    {
        // QPdfWriter says nothing when it cannot write: find out first, in words.
        QFile probe(path);
        if (!probe.open(QIODevice::WriteOnly))
            return makeError(ErrorCode::BadInput, QStringLiteral("Cannot write %1: %2").arg(path, probe.errorString()));
    }
    QPdfWriter writer(path);
    writer.setPageSize(QPageSize(QPageSize::A4));
    writer.setPageMargins(QMarginsF(18, 18, 18, 18), QPageLayout::Millimeter);
    writer.setTitle(QCoreApplication::translate("FolioInvoice", "Invoice %1").arg(folio.reference));
    writer.setCreator(QStringLiteral("boxoffice"));
    QTextDocument document;
    document.setHtml(folioInvoiceHtml(folio));
    document.print(&writer);
    return Done{};
}

} // namespace boxoffice
