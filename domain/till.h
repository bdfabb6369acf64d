#pragma once

#include "domain/money.h"
#include "domain/result.h"

#include <QDate>
#include <QDateTime>
#include <QString>
#include <QVector>

#include <functional>
#include <memory>
#include <optional>

namespace boxoffice {

class TillStore;

using ShiftId = qint64;

// The sums of a till's counter money as the database computed them (migration 020): a sale is a cash
// or card counter payment; a void is money handed back in the same shift that took it; a refund is
// money handed back for a sale taken earlier. Money goes back the way it came (cash or card).
// The amounts are in the till's currency (the shift's, or the day row's).
struct TillFigures
{
    int cashSales = 0;
    Money cashSalesAmount; // what the sales cost: tendered minus change
    Money change; // change given on cash sales
    int cardSales = 0;
    Money cardSalesAmount;
    int voids = 0;
    Money voidCash;
    Money voidCard;
    int refunds = 0;
    Money refundCash;
    Money refundCard;
    int otherCurrency = 0; // movements in another currency than the till's: in no sum here

    bool operator==(const TillFigures &other) const;
};

// Card money of a shift by the card terminal's reference: what the card terminal's own slip lists.
struct CardReferenceTotal
{
    QString reference;
    int payments = 0;
    Money taken;
    Money returned; // voided or refunded to that card
};

enum class ShiftState { Open, Closed, Countersigned };

struct TillShift
{
    ShiftId id = 0;
    QString clerk;
    QString terminal;
    QString currency; // the till's, chosen at opening: every amount of the shift is in it
    Money float_;
    QDateTime openedAt;
    QDateTime closedAt;
    std::optional<Money> counted; // set once closed
    QString closeNote;
    TillFigures closedFigures; // as stored at closing; meaningful once closed
    QString countersignedBy;
    QDateTime countersignedAt;
    QString countersignNote;

    ShiftState state() const;
};

// A till report: the shift, its figures (as closed, or running while open) and what follows from them.
struct TillReport
{
    TillShift shift;
    TillFigures figures;
    QVector<CardReferenceTotal> cards;
    Money expectedCash;
    Money cardNet;
    std::optional<Money> difference; // counted - expected, once counted
};

// One clerk at one terminal on a day, in one currency: the money that moved, and their shifts.
struct DayTillRow
{
    QString clerk;
    QString terminal; // empty: recorded by a program that names no terminal
    QString currency; // a row exists for shifts that moved no money too
    TillFigures money;
    int outsideShift = 0; // movements recorded while no shift was open there
    int shiftsOpened = 0;
    int shiftsOpen = 0;
    int shiftsClosed = 0; // closed, countersigned or not
    int shiftsCountersigned = 0;
    Money difference; // sum of counted - expected over the closed shifts
};

// Online money of a day (through the payment provider, from the order ledger): never in a till.
struct OnlineDayTotal
{
    int captures = 0;
    Money captured;
    int refunds = 0;
    Money refunded;
};

// What the store reads for a day: the counter's money by clerk, terminal and currency, the shifts
// opened that day, and the online money.
struct DayLedger
{
    QVector<DayTillRow> money; // shift columns left zero: the service fills them from `shifts`
    QVector<TillShift> shifts;
    QVector<OnlineDayTotal> online;
};

struct DayReport
{
    QDate day;
    QVector<DayTillRow> rows; // by clerk, terminal, currency
    QVector<DayTillRow> totals; // one per currency, clerk and terminal empty
    QVector<OnlineDayTotal> online;
    QVector<TillShift> shifts;
};

// The arithmetic of a till: rules, so every channel (the desk, boxoffice-ctl) reads one answer.
namespace TillRules {
// The float plus the cash the sales kept (tendered minus change) minus cash handed back (voids and refunds).
Money expectedCash(const Money &float_, const TillFigures &figures);
Money cardNet(const TillFigures &figures);
// Counted minus expected: negative when the drawer is short.
Money difference(const Money &counted, const Money &expected);
TillReport report(const TillShift &shift, const TillFigures &figures, const QVector<CardReferenceTotal> &cards);
// A float or a counted amount: zero or more, and no more than a drawer could hold.
Status checkAmount(const Money &amount);
inline constexpr qint64 maxDrawerMinor = 100'000'000; // one million in major units
inline constexpr int maxNoteLength = 500;
Result<QString> note(const QString &typed);
// The day's rows with each clerk's shifts counted in, and the totals per currency.
DayReport day(const QDate &day, const DayLedger &ledger);
void add(TillFigures &into, const TillFigures &figures);
} // namespace TillRules

// The till's use-cases: open a shift with a float, its running report, close it with the cash counted,
// a manager's countersign, and the day report.
class TillService
{
public:
    explicit TillService(TillStore &store);

    // The float's currency is the till's.
    Result<TillShift> open(const Money &float_);
    Result<std::optional<TillReport>> currentReport();
    Result<TillReport> report(ShiftId shift);
    Result<TillReport> close(ShiftId shift, const Money &counted, const QString &note);
    Result<TillReport> countersign(ShiftId shift, const QString &note);
    Result<QVector<TillShift>> awaitingCountersign();
    // The local calendar day: from its local midnight to the next.
    Result<DayReport> dayReport(const QDate &day);

private:
    TillStore &m_store;
};

// A TillService on a database connection of its own, made in the thread that uses it and destroyed
// there: the desk computes its till reports off the GUI thread (a connection belongs to one thread).
class TillSession
{
public:
    virtual ~TillSession() = default;
    virtual TillService &service() = 0;
};
using TillSessionOpener = std::function<Result<std::unique_ptr<TillSession>>()>;

} // namespace boxoffice
