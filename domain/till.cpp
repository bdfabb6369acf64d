#include "domain/till.h"

#include "domain/tillstore.h"

#include <QMap>

#include <tuple>

namespace boxoffice {

bool TillFigures::operator==(const TillFigures &o) const
{
    return std::tie(cashSales, cashSalesAmount, change, cardSales, cardSalesAmount, voids, voidCash, voidCard, refunds,
                    refundCash, refundCard, otherCurrency)
        == std::tie(o.cashSales, o.cashSalesAmount, o.change, o.cardSales, o.cardSalesAmount, o.voids, o.voidCash,
                    o.voidCard, o.refunds, o.refundCash, o.refundCard, o.otherCurrency);
}

ShiftState TillShift::state() const
{
    if (countersignedAt.isValid())
        return ShiftState::Countersigned;
    return closedAt.isValid() ? ShiftState::Closed : ShiftState::Open;
}

namespace {

// Figures of a till that moved no money: zero in its currency.
TillFigures noFigures(const QString &currency)
{
    TillFigures f;
    const Money zero(0, currency);
    f.cashSalesAmount = f.change = f.cardSalesAmount = zero;
    f.voidCash = f.voidCard = f.refundCash = f.refundCard = zero;
    return f;
}

} // namespace

namespace TillRules {

Money expectedCash(const Money &float_, const TillFigures &f)
{
    // What the drawer took in is tendered - change = the cash sales' amounts.
    return float_.withMinor(float_.minor() + f.cashSalesAmount.minor() - f.voidCash.minor() - f.refundCash.minor());
}

Money cardNet(const TillFigures &f)
{
    return f.cardSalesAmount.withMinor(f.cardSalesAmount.minor() - f.voidCard.minor() - f.refundCard.minor());
}

Money difference(const Money &counted, const Money &expected)
{
    return counted.withMinor(counted.minor() - expected.minor());
}

TillReport report(const TillShift &shift, const TillFigures &figures, const QVector<CardReferenceTotal> &cards)
{
    TillReport r;
    r.shift = shift;
    r.figures = figures;
    r.cards = cards;
    r.expectedCash = expectedCash(shift.float_, figures);
    r.cardNet = cardNet(figures);
    if (shift.counted)
        r.difference = difference(*shift.counted, r.expectedCash);
    return r;
}

Status checkAmount(const Money &amount)
{
    if (amount.minor() < 0)
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("An amount in the till cannot be below zero.")),
                          ErrorReason::TillAmountNegative);
    if (amount.minor() > maxDrawerMinor)
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
    // Figures of no stated currency (a total just begun) take the added figures' currency.
    const auto sum = [](Money &to, const Money &more) {
        to = Money(to.minor() + more.minor(), to.currency().isEmpty() ? more.currency() : to.currency());
    };
    into.cashSales += f.cashSales;
    sum(into.cashSalesAmount, f.cashSalesAmount);
    sum(into.change, f.change);
    into.cardSales += f.cardSales;
    sum(into.cardSalesAmount, f.cardSalesAmount);
    into.voids += f.voids;
    sum(into.voidCash, f.voidCash);
    sum(into.voidCard, f.voidCard);
    into.refunds += f.refunds;
    sum(into.refundCash, f.refundCash);
    sum(into.refundCard, f.refundCard);
    into.otherCurrency += f.otherCurrency;
}

DayReport day(const QDate &date, const DayLedger &ledger)
{
    using Key = std::tuple<QString, QString, QString>;
    QMap<Key, DayTillRow> rows;
    for (const DayTillRow &money : ledger.money) {
        DayTillRow row = money;
        row.money = noFigures(money.currency); // every amount in the row's currency
        add(row.money, money.money);
        row.difference = Money(0, money.currency);
        rows.insert(Key{money.clerk, money.terminal, money.currency}, row);
    }
    for (const TillShift &shift : ledger.shifts) {
        const Key key{shift.clerk, shift.terminal, shift.currency};
        if (!rows.contains(key)) {
            DayTillRow none; // shifts that moved no money
            none.money = noFigures(shift.currency);
            none.difference = Money(0, shift.currency);
            rows.insert(key, none);
        }
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
            row.difference = Money(row.difference.minor()
                                       + difference(shift.counted.value_or(Money(0, shift.currency)),
                                                    expectedCash(shift.float_, shift.closedFigures))
                                             .minor(),
                                   shift.currency);
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
        if (!totals.contains(row.currency)) {
            DayTillRow none;
            none.money = noFigures(row.currency);
            totals.insert(row.currency, none);
        }
        DayTillRow &total = totals[row.currency];
        total.currency = row.currency;
        add(total.money, row.money);
        total.outsideShift += row.outsideShift;
        total.shiftsOpened += row.shiftsOpened;
        total.shiftsOpen += row.shiftsOpen;
        total.shiftsClosed += row.shiftsClosed;
        total.shiftsCountersigned += row.shiftsCountersigned;
        total.difference = Money(total.difference.minor() + row.difference.minor(), row.currency);
    }
    for (const DayTillRow &total : totals)
        report.totals << total;
    return report;
}

} // namespace TillRules

TillService::TillService(TillStore &store) : m_store(store) { }

Result<TillShift> TillService::open(const Money &float_)
{
    if (auto checked = TillRules::checkAmount(float_); !checked)
        return checked.error();
    if (float_.currency().size() != 3) // Money keeps its code trimmed and upper case
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("Choose the till's currency.")),
                          ErrorReason::TillCurrencyMissing);
    return m_store.open(float_);
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

Result<TillReport> TillService::close(ShiftId shift, const Money &counted, const QString &typedNote)
{
    if (auto checked = TillRules::checkAmount(counted); !checked)
        return checked.error();
    auto note = TillRules::note(typedNote);
    if (!note)
        return note.error();
    auto closed = m_store.close(shift, counted, note.value());
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
