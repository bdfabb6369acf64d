#pragma once

#include "domain/ids.h"
#include "domain/money.h"
#include "domain/states.h"

#include <QDateTime>
#include <QString>
#include <QVector>

namespace boxoffice {

// What a cart can hold, whatever the shape: the cart, checkout and order code handles them alike.
enum class ItemKind { Seat, Pool, Stay, Slot };

QString itemKindName(ItemKind kind); // "seat", "ga", "stay", "slot"

struct CartItem
{
    ItemKind kind = ItemKind::Seat;
    qint64 id = 0; // unit id (seat), hold id (GA), stay id, booking id
    QString label; // "A-1-5", "Standing x2", "DLX 2026-03-12..15", "T4 19:00-21:00"
    int quantity = 1;
    QDateTime expiresAt; // the database's clock, UTC; empty once sold
};

struct OrderLine
{
    ItemKind kind = ItemKind::Seat;
    qint64 id = 0;
    QString label;
    int quantity = 1;
    Money amount; // the order's currency
    LineState state = LineState::Pending;
};

struct CartRelease
{
    QVector<CartItem> released;
};

struct ExtendOutcome
{
    QVector<CartItem> extended;
    int extensionsLeft = 0;
};

struct OrderSummary
{
    OrderId id = 0;
    CartId cart;
    OrderState state = OrderState::Pending;
    Money amount;
    QString currency;
    QVector<OrderLine> lines;
};

struct ConfirmOutcome
{
    OrderId order = 0;
    QVector<OrderLine> sold;
    QVector<OrderLine> lost; // reclaimed by another buyer after the hold expired: needs a refund
    bool alreadyConfirmed = false;
};

} // namespace boxoffice
