#include "commands.h"

#include "domain/jsonvocabulary.h"
#include "domain/till.h"
#include "storage/pgtillstore.h"

#include <QJsonArray>

namespace boxoffice::ctl {

namespace {

QString money(qint64 minor, const QString &currency)
{
    const qint64 magnitude = qAbs(minor);
    return QStringLiteral("%1%2 %3.%4")
        .arg(minor < 0 ? QStringLiteral("-") : QString(), currency)
        .arg(magnitude / 100)
        .arg(magnitude % 100, 2, 10, QLatin1Char('0'));
}

QString stateName(ShiftState state)
{
    switch (state) {
    case ShiftState::Open:
        return QStringLiteral("open");
    case ShiftState::Closed:
        return QStringLiteral("closed");
    case ShiftState::Countersigned:
        return QStringLiteral("countersigned");
    }
    return QString();
}

// Money under plain names, as the web writes it; "cash_sales" and "card_sales" were taken by the counts,
// so their sums are the "_amount".
QJsonObject figuresJson(const TillFigures &f)
{
    return QJsonObject{{QStringLiteral("cash_sales"), f.cashSales},
                       {QStringLiteral("cash_sales_amount"), f.cashSalesAmount.minor()},
                       {QStringLiteral("change"), f.change.minor()},
                       {QStringLiteral("card_sales"), f.cardSales},
                       {QStringLiteral("card_sales_amount"), f.cardSalesAmount.minor()},
                       {QStringLiteral("voids"), f.voids},
                       {QStringLiteral("void_cash"), f.voidCash.minor()},
                       {QStringLiteral("void_card"), f.voidCard.minor()},
                       {QStringLiteral("refunds"), f.refunds},
                       {QStringLiteral("refund_cash"), f.refundCash.minor()},
                       {QStringLiteral("refund_card"), f.refundCard.minor()},
                       {QStringLiteral("other_currency"), f.otherCurrency}};
}

QJsonObject reportJson(const TillReport &r)
{
    const TillShift &s = r.shift;
    QJsonArray cards;
    for (const CardReferenceTotal &card : r.cards)
        cards.append(QJsonObject{{QStringLiteral("reference"), card.reference},
                                 {QStringLiteral("payments"), card.payments},
                                 {QStringLiteral("taken"), card.taken.minor()},
                                 {QStringLiteral("returned"), card.returned.minor()}});
    return QJsonObject{{QStringLiteral("shift"), s.id},
                       {QStringLiteral("clerk"), s.clerk},
                       {QStringLiteral("terminal"), s.terminal},
                       {QStringLiteral("currency"), s.currency},
                       {QStringLiteral("state"), stateName(s.state())},
                       {QStringLiteral("opened_at"), jsonTimeOrNull(s.openedAt)},
                       {QStringLiteral("closed_at"), jsonTimeOrNull(s.closedAt)},
                       {QStringLiteral("countersigned_by"),
                        s.countersignedBy.isEmpty() ? QJsonValue() : QJsonValue(s.countersignedBy)},
                       {QStringLiteral("countersigned_at"), jsonTimeOrNull(s.countersignedAt)},
                       {QStringLiteral("float"), s.float_.minor()},
                       {QStringLiteral("figures"), figuresJson(r.figures)},
                       {QStringLiteral("cards"), cards},
                       {QStringLiteral("expected_cash"), r.expectedCash.minor()},
                       {QStringLiteral("card_net"), r.cardNet.minor()},
                       {QStringLiteral("counted"), s.counted ? QJsonValue(s.counted->minor()) : QJsonValue()},
                       {QStringLiteral("difference"), r.difference ? QJsonValue(r.difference->minor()) : QJsonValue()}};
}

QString reportText(const TillReport &r)
{
    const TillShift &s = r.shift;
    const TillFigures &f = r.figures;
    const auto m = [&s](qint64 minor) { return money(minor, s.currency); };
    QStringList lines;
    lines << QStringLiteral("Till %1: %2 at %3, %4, opened %5%6")
                 .arg(s.id)
                 .arg(
                     s.clerk, s.terminal, stateName(s.state()),
                     s.openedAt.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm")),
                     s.closedAt.isValid()
                         ? QStringLiteral(", closed %1").arg(s.closedAt.toLocalTime().toString(QStringLiteral("HH:mm")))
                         : QString());
    if (!s.countersignedBy.isEmpty())
        lines << QStringLiteral("  countersigned by %1").arg(s.countersignedBy);
    const auto line = [&lines](const QString &label, const QString &amount) {
        lines << QStringLiteral("  %1 %2").arg(label.leftJustified(28), amount.rightJustified(14));
    };
    line(QStringLiteral("float"), m(s.float_.minor()));
    line(QStringLiteral("cash sales (%1)").arg(f.cashSales), m(f.cashSalesAmount.minor()));
    line(QStringLiteral("  change given besides"), m(f.change.minor()));
    line(QStringLiteral("cash voided"), m(-f.voidCash.minor()));
    line(QStringLiteral("cash refunded"), m(-f.refundCash.minor()));
    line(QStringLiteral("cash expected"), m(r.expectedCash.minor()));
    if (s.counted) {
        line(QStringLiteral("cash counted"), m(s.counted->minor()));
        line(QStringLiteral("difference"), m(r.difference ? r.difference->minor() : 0));
    }
    line(QStringLiteral("card sales (%1)").arg(f.cardSales), m(f.cardSalesAmount.minor()));
    line(QStringLiteral("card voided"), m(-f.voidCard.minor()));
    line(QStringLiteral("card refunded"), m(-f.refundCard.minor()));
    line(QStringLiteral("card total"), m(r.cardNet.minor()));
    lines << QStringLiteral("  voids %1, refunds %2").arg(f.voids).arg(f.refunds);
    for (const CardReferenceTotal &card : r.cards)
        lines << QStringLiteral("    card %1: %2 payment(s) %3, handed back %4")
                     .arg(card.reference)
                     .arg(card.payments)
                     .arg(m(card.taken.minor()), m(card.returned.minor()));
    if (f.otherCurrency > 0)
        lines << QStringLiteral("  %1 payment(s) in another currency are not in these sums").arg(f.otherCurrency);
    return lines.join(QLatin1Char('\n'));
}

Result<QDate> dayOption(CtlContext &context)
{
    if (!context.parser().isSet(QStringLiteral("date")))
        return QDate::currentDate();
    return context.requireDate(QStringLiteral("date"));
}

// The cash the sales kept minus the cash handed back, without a float: a day has none.
qint64 cashNet(const TillFigures &f)
{
    return f.cashSalesAmount.minor() - f.voidCash.minor() - f.refundCash.minor();
}

QJsonObject dayRowJson(const DayTillRow &r)
{
    return QJsonObject{{QStringLiteral("clerk"), r.clerk},
                       {QStringLiteral("terminal"), r.terminal},
                       {QStringLiteral("currency"), r.currency},
                       {QStringLiteral("figures"), figuresJson(r.money)},
                       {QStringLiteral("cash_net"), cashNet(r.money)},
                       {QStringLiteral("card_net"), TillRules::cardNet(r.money).minor()},
                       {QStringLiteral("outside_shift"), r.outsideShift},
                       {QStringLiteral("shifts_opened"), r.shiftsOpened},
                       {QStringLiteral("shifts_open"), r.shiftsOpen},
                       {QStringLiteral("shifts_closed"), r.shiftsClosed},
                       {QStringLiteral("shifts_countersigned"), r.shiftsCountersigned},
                       {QStringLiteral("difference"), r.difference.minor()}};
}

QString dayRowText(const DayTillRow &r, const QString &who)
{
    const auto m = [&r](qint64 minor) { return money(minor, r.currency); };
    return QStringLiteral("%1 cash %2  card %3  voids %4 (%5)  refunds %6 (%7)  tills %8 open/%9 closed/%10 signed  "
                          "difference %11%12")
        .arg(who.leftJustified(32))
        .arg(m(cashNet(r.money)), m(TillRules::cardNet(r.money).minor()))
        .arg(r.money.voids)
        .arg(m(r.money.voidCash.minor() + r.money.voidCard.minor()))
        .arg(r.money.refunds)
        .arg(m(r.money.refundCash.minor() + r.money.refundCard.minor()))
        .arg(r.shiftsOpen)
        .arg(r.shiftsClosed)
        .arg(r.shiftsCountersigned)
        .arg(m(r.difference.minor()),
             r.outsideShift > 0 ? QStringLiteral("  (%1 outside a till)").arg(r.outsideShift) : QString());
}

} // namespace

// The till reports: one shift's (--shift), or every shift opened on a day (--date, default today).
int runTill(CtlContext &context)
{
    const QStringList args = context.parser().positionalArguments();
    if (args.value(1) != QLatin1String("report"))
        return context.failUsage(
            QStringLiteral("Use: boxoffice-ctl till report [--shift ID | --date YYYY-MM-DD] [--json]"));
    auto connection = context.connect();
    if (!connection)
        return context.fail(connection.error());
    PgTillStore store(connection.value()->database());
    TillService till(store);
    QVector<ShiftId> shifts;
    if (context.parser().isSet(QStringLiteral("shift"))) {
        auto id = context.requireId(QStringLiteral("shift"));
        if (!id)
            return context.fail(id.error());
        shifts << id.value();
    } else {
        auto day = dayOption(context);
        if (!day)
            return context.fail(day.error());
        auto report = till.dayReport(day.value());
        if (!report)
            return context.fail(report.error());
        for (const TillShift &shift : report->shifts)
            shifts << shift.id;
    }
    QJsonArray json;
    QStringList text;
    for (const ShiftId id : shifts) {
        auto report = till.report(id);
        if (!report)
            return context.fail(report.error());
        json.append(reportJson(report.value()));
        text << reportText(report.value());
    }
    return context.succeed({{QStringLiteral("ok"), true}, {QStringLiteral("tills"), json}},
                           text.isEmpty() ? QStringLiteral("No till was opened that day.")
                                          : text.join(QStringLiteral("\n\n")));
}

// The day report: the counter's money per clerk and terminal and over all, the tills opened, and the
// online money on its own line.
int runDay(CtlContext &context)
{
    const QStringList args = context.parser().positionalArguments();
    if (args.value(1) != QLatin1String("report"))
        return context.failUsage(QStringLiteral("Use: boxoffice-ctl day report [--date YYYY-MM-DD] [--json]"));
    auto day = dayOption(context);
    if (!day)
        return context.fail(day.error());
    auto connection = context.connect();
    if (!connection)
        return context.fail(connection.error());
    PgTillStore store(connection.value()->database());
    auto report = TillService(store).dayReport(day.value());
    if (!report)
        return context.fail(report.error());
    QJsonArray rows;
    QJsonArray totals;
    QJsonArray online;
    QStringList text{QStringLiteral("Day report %1").arg(day->toString(Qt::ISODate))};
    for (const DayTillRow &row : report->rows) {
        rows.append(dayRowJson(row));
        text << dayRowText(row,
                           QStringLiteral("%1 @ %2").arg(
                               row.clerk, row.terminal.isEmpty() ? QStringLiteral("(no terminal)") : row.terminal));
    }
    for (const DayTillRow &total : report->totals) {
        totals.append(dayRowJson(total));
        text << dayRowText(total, QStringLiteral("ALL COUNTERS (%1)").arg(total.currency));
    }
    for (const OnlineDayTotal &o : report->online) {
        const QString &currency = o.captured.currency();
        online.append(QJsonObject{{QStringLiteral("currency"), currency},
                                  {QStringLiteral("captures"), o.captures},
                                  {QStringLiteral("captured"), o.captured.minor()},
                                  {QStringLiteral("refunds"), o.refunds},
                                  {QStringLiteral("refunded"), o.refunded.minor()}});
        text << QStringLiteral("%1 taken %2 (%3 payments)  refunded %4 (%5)")
                    .arg(QStringLiteral("ONLINE (%1)").arg(currency).leftJustified(32))
                    .arg(money(o.captured.minor(), currency))
                    .arg(o.captures)
                    .arg(money(o.refunded.minor(), currency))
                    .arg(o.refunds);
    }
    if (report->rows.isEmpty() && report->online.isEmpty())
        text << QStringLiteral("No money moved that day.");
    return context.succeed({{QStringLiteral("ok"), true},
                            {QStringLiteral("day"), jsonDate(day.value())},
                            {QStringLiteral("rows"), rows},
                            {QStringLiteral("totals"), totals},
                            {QStringLiteral("online"), online}},
                           text.join(QLatin1Char('\n')));
}

} // namespace boxoffice::ctl
