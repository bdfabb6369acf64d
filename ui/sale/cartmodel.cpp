#include "ui/sale/cartmodel.h"

#include "ui/common/money.h"

#include <QBrush>
#include <QColor>
#include <QCoreApplication>

#include <algorithm>

namespace boxoffice {

QString formatCountdown(qint64 seconds)
{
    if (seconds <= 0)
        return QObject::tr("expired");
    return QStringLiteral("%1:%2").arg(seconds / 60).arg(seconds % 60, 2, 10, QLatin1Char('0'));
}

QString priceTypeText(PriceType type)
{
    switch (type) {
    case PriceType::Adult:
        return QCoreApplication::translate("CartModel", "Adult");
    case PriceType::Child:
        return QCoreApplication::translate("CartModel", "Child");
    case PriceType::Concession:
        return QCoreApplication::translate("CartModel", "Concession");
    case PriceType::Complimentary:
        return QCoreApplication::translate("CartModel", "Complimentary");
    }
    return {};
}

CartModel::CartModel(QObject *parent) : QAbstractTableModel(parent) { }

int CartModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_entries.size());
}

int CartModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CartModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const CartEntry &entry = m_entries.at(index.row());
    const qint64 left = secondsLeft(entry);
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case SeatColumn:
            return entry.label;
        case SectionColumn:
            return entry.section;
        case PriceTypeColumn:
            // Standing places and tables have one price: only a seat is sold at a type.
            return entry.kind == ItemKind::Seat ? QVariant(priceTypeText(entry.priceType)) : QVariant();
        case PriceColumn:
            return entry.price.text();
        case TimeLeftColumn:
            return formatCountdown(left);
        }
        break;
    case Qt::TextAlignmentRole:
        if (index.column() == PriceColumn || index.column() == TimeLeftColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case Qt::ForegroundRole:
        if (index.column() == TimeLeftColumn && left <= warningSeconds)
            return QBrush(QColor(0xb0, 0x1c, 0x1c));
        break;
    case Qt::BackgroundRole:
        if (left <= warningSeconds)
            return QBrush(QColor(0xfd, 0xec, 0xc8));
        break;
    case Qt::EditRole:
        if (index.column() == PriceTypeColumn && entry.kind == ItemKind::Seat)
            return int(entry.priceType);
        break;
    case Qt::ToolTipRole:
        if (index.column() == PriceTypeColumn && entry.kind == ItemKind::Seat)
            return tr("Double-click or press F2 to sell this seat at another price type");
        return tr("Held until %1 (server time)")
            .arg(entry.expiresAt.toLocalTime().toString(QStringLiteral("HH:mm:ss")));
    case Qt::UserRole:
        return entry.unit;
    }
    return {};
}

QVariant CartModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case SeatColumn:
        return tr("Item");
    case SectionColumn:
        return tr("Section");
    case PriceTypeColumn:
        return tr("Type");
    case PriceColumn:
        return tr("Price");
    case TimeLeftColumn:
        return tr("Time left");
    }
    return {};
}

Qt::ItemFlags CartModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags flags = QAbstractTableModel::flags(index);
    if (index.isValid() && index.column() == PriceTypeColumn && optionsFor(index.row()).size() > 1)
        flags |= Qt::ItemIsEditable;
    return flags;
}

bool CartModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || index.column() != PriceTypeColumn
        || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return false;
    const CartEntry &entry = m_entries.at(index.row());
    const auto type = PriceType(value.toInt());
    if (type != entry.priceType)
        emit priceTypeRequested(entry.unit, type);
    return false;
}

void CartModel::setTypePrices(const QVector<TypePrice> &prices)
{
    m_typePrices = prices;
    if (!m_entries.isEmpty())
        emit dataChanged(index(0, PriceTypeColumn), index(int(m_entries.size()) - 1, PriceTypeColumn));
}

QVector<TypePrice> CartModel::optionsFor(int row) const
{
    if (row < 0 || row >= m_entries.size() || m_entries.at(row).kind != ItemKind::Seat)
        return {};
    return pricesOfBand(m_typePrices, m_entries.at(row).band);
}

void CartModel::setPriceType(UnitId unit, PriceType type, const Money &price)
{
    const int row = rowOf(ItemKind::Seat, unit);
    if (row < 0)
        return;
    m_entries[row].priceType = type;
    m_entries[row].price = price;
    emit dataChanged(index(row, PriceTypeColumn), index(row, PriceColumn));
}

void CartModel::upsert(const QVector<CartEntry> &entries)
{
    QVector<CartEntry> added;
    for (const CartEntry &entry : entries) {
        const int row = rowOf(entry.kind, entry.unit);
        if (row < 0) {
            added << entry;
            continue;
        }
        m_entries[row].expiresAt = entry.expiresAt;
        m_entries[row].price = entry.price;
        m_entries[row].priceType = entry.priceType;
        if (!entry.band.isEmpty())
            m_entries[row].band = entry.band;
        emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
    }
    if (added.isEmpty())
        return;
    beginInsertRows({}, int(m_entries.size()), int(m_entries.size() + added.size() - 1));
    m_entries << added;
    endInsertRows();
}

void CartModel::remove(const QVector<UnitId> &units)
{
    QVector<CartEntry> seats;
    for (const UnitId unit : units) {
        CartEntry seat;
        seat.unit = unit;
        seats << seat;
    }
    removeEntries(seats);
}

void CartModel::removeEntries(const QVector<CartEntry> &entries)
{
    for (const CartEntry &entry : entries) {
        const int row = rowOf(entry.kind, entry.unit);
        if (row < 0)
            continue;
        beginRemoveRows({}, row, row);
        m_entries.removeAt(row);
        endRemoveRows();
    }
}

void CartModel::clear()
{
    if (m_entries.isEmpty())
        return;
    beginResetModel();
    m_entries.clear();
    endResetModel();
}

void CartModel::setServerNow(const QDateTime &serverNow)
{
    m_serverNow = serverNow;
    if (m_entries.isEmpty())
        return;
    // One signal for the whole cart: the countdown and the warning colour of every row move together.
    emit dataChanged(index(0, 0), index(int(m_entries.size()) - 1, ColumnCount - 1),
                     {Qt::DisplayRole, Qt::ForegroundRole, Qt::BackgroundRole});
}

QVector<UnitId> CartModel::units() const
{
    QVector<UnitId> units;
    for (const CartEntry &entry : m_entries) {
        if (entry.kind == ItemKind::Seat)
            units << entry.unit;
    }
    return units;
}

bool CartModel::contains(UnitId unit) const
{
    return rowOf(ItemKind::Seat, unit) >= 0;
}

int CartModel::count(ItemKind kind) const
{
    return int(std::count_if(m_entries.cbegin(), m_entries.cend(),
                             [kind](const CartEntry &entry) { return entry.kind == kind; }));
}

QVector<CartEntry> CartModel::expiredAt(const QDateTime &serverNow) const
{
    QVector<CartEntry> expired;
    for (const CartEntry &entry : m_entries) {
        if (entry.expiresAt.isValid() && entry.expiresAt <= serverNow)
            expired << entry;
    }
    return expired;
}

std::optional<Money> CartModel::total() const
{
    std::optional<Money> total = Money(0, currency());
    for (const CartEntry &entry : m_entries) {
        total = total->plus(entry.price);
        if (!total)
            break;
    }
    return total;
}

QString CartModel::currency() const
{
    return m_entries.isEmpty() ? QString() : m_entries.first().price.currency();
}

qint64 CartModel::secondsLeft(const CartEntry &entry) const
{
    if (!m_serverNow.isValid() || !entry.expiresAt.isValid())
        return 0;
    // Rounded up, so "0:01" shows until the very last second.
    return (m_serverNow.msecsTo(entry.expiresAt) + 999) / 1000;
}

int CartModel::rowOf(ItemKind kind, qint64 unit) const
{
    for (int row = 0; row < m_entries.size(); ++row) {
        if (m_entries.at(row).unit == unit && m_entries.at(row).kind == kind)
            return row;
    }
    return -1;
}

} // namespace boxoffice
