#include "domain/till.h"

#include "domain/tillstore.h"

#include <QMap>

#include <tuple>

namespace boxoffice {

bool TillFigures::operator==(const TillFigures &o) const
{
    return std::tie(cashSales, cashSalesMinor, changeMinor, cardSales, cardSalesMinor, voids, voidCashMinor,
                    voidCardMinor, refunds, refundCashMinor, refundCardMinor, otherCurrency)
        == std::tie(o.cashSales, o.cashSalesMinor, o.changeMinor, o.cardSales, o.cardSalesMinor, o.voids,
                    o.voidCashMinor, o.voidCardMinor, o.refunds, o.refundCashMinor, o.refundCardMinor, o.otherCurrency);
}

ShiftState TillShift::state() const
{
    if (countersignedAt.isValid())
        return ShiftState::Countersigned;
    return closedAt.isValid() ? ShiftState::Closed : ShiftState::Open;
}

namespace TillRules {

qint64 expectedCash(qint64 floatMinor, const TillFigures &f)
{
    // What the drawer took in is tendered - change = the cash sales' amounts.
    return floatMinor + f.cashSalesMinor - f.voidCashMinor - f.refundCashMinor;
}

qint64 cardNet(const TillFigures &f)
{
    return f.cardSalesMinor - f.voidCardMinor - f.refundCardMinor;
}

qint64 difference(qint64 countedMinor, qint64 expectedMinor)
{
    return countedMinor - expectedMinor;
}

TillReport report(const TillShift &shift, const TillFigures &figures, const QVector<CardReferenceTotal> &cards)
{
    TillReport r;
    r.shift = shift;
    r.figures = figures;
    r.cards = cards;
    r.expectedCashMinor = expectedCash(shift.floatMinor, figures);
    r.cardNetMinor = cardNet(figures);
    if (shift.countedMinor)
        r.differenceMinor = difference(*shift.countedMinor, r.expectedCashMinor);
    return r;
}

Status checkAmount(qint64 amountMinor)
{
    if (amountMinor < 0)
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("An amount in the till cannot be below zero.")),
                          ErrorReason::TillAmountNegative);
    if (amountMinor > maxDrawerMinor)
        return withReason(
            makeError(ErrorCode::BadInput, QStringLiteral("That is more than a till holds; check the amount.")),
            ErrorReason::TillAmountTooLarge);
    return Done{};
}

Result<QString> note(const QString &typed)
{
    const QString text = typed.trimmed();
    if (text.size() > maxNoteLength)
        return withReason(
            makeError(ErrorCode::BadInput, QStringLiteral("A note is at most %1 characters.").arg(maxNoteLength)),
            ErrorReason::NoteTooLong, {QString::number(maxNoteLength)});
    return text;
}

void add(TillFigures &into, const TillFigures &f)
{
    into.cashSales += f.cashSales;
    into.cashSalesMinor += f.cashSalesMinor;
    into.changeMinor += f.changeMinor;
    into.cardSales += f.cardSales;
    into.cardSalesMinor += f.cardSalesMinor;
    into.voids += f.voids;
    into.voidCashMinor += f.voidCashMinor;
    into.voidCardMinor += f.voidCardMinor;
    into.refunds += f.refunds;
    into.refundCashMinor += f.refundCashMinor;
    into.refundCardMinor += f.refundCardMinor;
    into.otherCurrency += f.otherCurrency;
}

DayReport day(const QDate &date, const DayLedger &ledger)
{
    using Key = std::tuple<QString, QString, QString>;
    QMap<Key, DayTillRow> rows;
    for (const DayTillRow &money : ledger.money)
        rows.insert(Key{money.clerk, money.terminal, money.currency}, money);
    for (const TillShift &shift : ledger.shifts) {
        const Key key{shift.clerk, shift.terminal, shift.currency};
        DayTillRow &row = rows[key];
        row.clerk = shift.clerk;
        row.terminal = shift.terminal;
        row.currency = shift.currency;
        ++row.shiftsOpened;
        switch (shift.state()) {
        case ShiftState::Open:
            ++row.shiftsOpen;
            break;
        case ShiftState::Countersigned:
            ++row.shiftsCountersigned;
            [[fallthrough]];
        case ShiftState::Closed:
            ++row.shiftsClosed;
            row.differenceMinor
                += difference(shift.countedMinor.value_or(0), expectedCash(shift.floatMinor, shift.closedFigures));
            break;
        }
    }
    DayReport report;
    report.day = date;
    report.online = ledger.online;
    report.shifts = ledger.shifts;
    QMap<QString, DayTillRow> totals;
    for (const DayTillRow &row : rows) {
        report.rows << row;
        DayTillRow &total = totals[row.currency];
        total.currency = row.currency;
        add(total.money, row.money);
        total.outsideShift += row.outsideShift;
        total.shiftsOpened += row.shiftsOpened;
        total.shiftsOpen += row.shiftsOpen;
        total.shiftsClosed += row.shiftsClosed;
        total.shiftsCountersigned += row.shiftsCountersigned;
        total.differenceMinor += row.differenceMinor;
    }
    for (const DayTillRow &total : totals)
        report.totals << total;
    return report;
}

} // namespace TillRules

TillService::TillService(TillStore &store) : m_store(store) { }

Result<TillShift> TillService::open(qint64 floatMinor, const QString &currency)
{
    if (auto checked = TillRules::checkAmount(floatMinor); !checked)
        return checked.error();
    const QString code = currency.trimmed().toUpper();
    if (code.size() != 3)
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("Choose the till's currency.")),
                          ErrorReason::TillCurrencyMissing);
    return m_store.open(floatMinor, code);
}

Result<std::optional<TillReport>> TillService::currentReport()
{
    auto here = m_store.openHere();
    if (!here)
        return here.error();
    if (!here.value())
        return std::optional<TillReport>();
    auto report = m_store.report(here.value()->id);
    if (!report)
        return report.error();
    return std::optional<TillReport>(report.value());
}

Result<TillReport> TillService::report(ShiftId shift)
{
    return m_store.report(shift);
}

Result<TillReport> TillService::close(ShiftId shift, qint64 countedMinor, const QString &typedNote)
{
    if (auto checked = TillRules::checkAmount(countedMinor); !checked)
        return checked.error();
    auto note = TillRules::note(typedNote);
    if (!note)
        return note.error();
    auto closed = m_store.close(shift, countedMinor, note.value());
    if (!closed)
        return closed.error();
    return m_store.report(shift);
}

Result<TillReport> TillService::countersign(ShiftId shift, const QString &typedNote)
{
    auto note = TillRules::note(typedNote);
    if (!note)
        return note.error();
    auto signedShift = m_store.countersign(shift, note.value());
    if (!signedShift)
        return signedShift.error();
    return m_store.report(shift);
}

Result<QVector<TillShift>> TillService::awaitingCountersign()
{
    return m_store.awaitingCountersign();
}

Result<DayReport> TillService::dayReport(const QDate &date)
{
    if (!date.isValid())
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("Choose a day for the report.")),
                          ErrorReason::ReportDayMissing);
    // Local midnights, so a day with a clock change is 23 or 25 hours long, as the staff lived it.
    const QDateTime from = date.startOfDay();
    const QDateTime to = date.addDays(1).startOfDay();
    auto ledger = m_store.day(from, to);
    if (!ledger)
        return ledger.error();
    return TillRules::day(date, ledger.value());
}

} // namespace boxoffice
