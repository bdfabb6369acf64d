#include "storage/pgbuyerstore.h"

#include "storage/buyersql.h"
#include "storage/sqlvalues.h"
#include "storage/statetext.h"

#include "domain/cardfingerprint.h"

#include <QCryptographicHash>
#include <QRandomGenerator>
#include <QRegularExpression>

namespace boxoffice {

namespace {

QByteArray tokenHash(const QString &token)
{
    return QCryptographicHash::hash(token.toLatin1(), QCryptographicHash::Sha256);
}

QString newToken()
{
    // 256 bits from the system's generator: a hash without salt or stretching is enough for a secret
    // nobody chose, and it lets a login be one indexed lookup.
    QByteArray bytes(32, Qt::Uninitialized);
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(bytes.data()), bytes.size() / 4);
    return QString::fromLatin1(bytes.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

} // namespace

PgBuyerStore::PgBuyerStore(QSqlDatabase database) : m_statements(std::move(database)) { }

Result<NewBuyer> PgBuyerStore::addBuyer(const QString &name)
{
    const QString clean = name.trimmed();
    if (clean.isEmpty() || clean.size() > 200)
        return makeError(ErrorCode::BadInput, QStringLiteral("A buyer's name is 1 to 200 characters."));
    NewBuyer created;
    created.token = newToken();
    auto inserted
        = m_statements.exec(BuyerSql::addBuyer, QStringLiteral("adding a buyer"),
                            {{QStringLiteral(":name"), clean}, {QStringLiteral(":hash"), tokenHash(created.token)}});
    if (!inserted)
        return inserted.error();
    inserted.value()->next();
    created.buyer = Buyer{inserted.value()->value(0).toLongLong(), clean};
    inserted.value()->finish();
    return created;
}

Status PgBuyerStore::setEmail(BuyerId buyer, const QString &email)
{
    auto updated = m_statements.exec(BuyerSql::setEmail, QStringLiteral("setting a buyer's e-mail address"),
                                     {{QStringLiteral(":buyer"), buyer}, {QStringLiteral(":email"), email}});
    if (!updated)
        return updated.error();
    const bool found = updated.value()->numRowsAffected() == 1;
    updated.value()->finish();
    if (!found)
        return makeError(ErrorCode::NotFound, QStringLiteral("There is no buyer %1.").arg(buyer));
    return Done{};
}

Result<Buyer> PgBuyerStore::authenticate(const QString &token)
{
    static const QRegularExpression shape(QStringLiteral("^[A-Za-z0-9_-]{43}$"));
    const auto refused
        = [] { return makeError(ErrorCode::PermissionDenied, QStringLiteral("Sign in with a valid buyer token.")); };
    if (!shape.match(token).hasMatch())
        return refused();
    auto query = m_statements.exec(BuyerSql::authenticate, QStringLiteral("checking a buyer token"),
                                   {{QStringLiteral(":hash"), tokenHash(token)}});
    if (!query)
        return query.error();
    if (!query.value()->next()) {
        query.value()->finish();
        return refused();
    }
    Buyer buyer{query.value()->value(0).toLongLong(), query.value()->value(1).toString()};
    query.value()->finish();
    return buyer;
}

Result<CartId> PgBuyerStore::createCart(BuyerId buyer, const QString &instrument, const QString &clientAddress,
                                        const QString &paymentMethod)
{
    // Checked before SQL, as the database checks it again (040): an id with a control character or a
    // quote never reaches the driver's literal quoting.
    static const QRegularExpression methodShape(QStringLiteral("^pm_[A-Za-z0-9_]{1,100}$"));
    QVariant method(QMetaType::fromType<QString>());
    if (!paymentMethod.isEmpty()) {
        if (instrument.isEmpty() || !methodShape.match(paymentMethod).hasMatch())
            return makeError(ErrorCode::BadInput,
                             QStringLiteral("A cart's payment method is the provider's id of its "
                                            "card, like \"pm_1a2b3c\", given with the card."));
        method = paymentMethod;
    }
    // Refused rather than cleaned: a fingerprint that only looks like another must not count as it.
    QVariant card(QMetaType::fromType<QString>());
    if (!instrument.isEmpty()) {
        auto checked = cardFingerprint(instrument);
        if (!checked)
            return checked.error();
        card = checked.value();
    }
    // An IPv6 zone ("%eth0") is the server's own interface, not the client's: inet does not take it.
    const QString address = clientAddress.section(QLatin1Char('%'), 0, 0).trimmed();
    QByteArray bytes(12, Qt::Uninitialized);
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(bytes.data()), bytes.size() / 4);
    const CartId cart = QStringLiteral("web-") + QString::fromLatin1(bytes.toHex());
    auto inserted
        = m_statements.exec(BuyerSql::addCart, QStringLiteral("creating a cart"),
                            {{QStringLiteral(":cart"), cart},
                             {QStringLiteral(":buyer"), buyer},
                             {QStringLiteral(":instrument"), card},
                             {QStringLiteral(":payment_method"), method},
                             {QStringLiteral(":address"),
                              address.isEmpty() ? QVariant(QMetaType::fromType<QString>()) : QVariant(address)}});
    if (!inserted)
        return inserted.error();
    inserted.value()->finish();
    return cart;
}

Status PgBuyerStore::exists(const char *sql, const QString &context, PreparedStatements::Bindings bindings,
                            const QString &missing)
{
    auto query = m_statements.exec(sql, context, bindings);
    if (!query)
        return query.error();
    const bool found = query.value()->next();
    query.value()->finish();
    if (!found)
        return makeError(ErrorCode::NotFound, missing);
    return Done{};
}

Status PgBuyerStore::checkCartOwner(BuyerId buyer, const CartId &cart)
{
    return exists(BuyerSql::cartOwner, QStringLiteral("checking a cart's owner"),
                  {{QStringLiteral(":cart"), cart}, {QStringLiteral(":buyer"), buyer}},
                  QStringLiteral("No such cart."));
}

Status PgBuyerStore::checkOrderOwner(BuyerId buyer, OrderId order)
{
    return exists(BuyerSql::orderOwner, QStringLiteral("checking an order's owner"),
                  {{QStringLiteral(":order"), order}, {QStringLiteral(":buyer"), buyer}},
                  QStringLiteral("No such order."));
}

Result<QVector<BuyerOrder>> PgBuyerStore::orders(BuyerId buyer, const CartId &cart, OrderId before, int limit)
{
    if (limit < 1 || limit > 100)
        return makeError(ErrorCode::BadInput, QStringLiteral("A page of orders holds 1 to 100 orders."));
    if (before < 0)
        return makeError(ErrorCode::BadInput, QStringLiteral("No order has a negative id."));
    auto query = m_statements.exec(
        BuyerSql::orders, QStringLiteral("reading a buyer's orders"),
        {{QStringLiteral(":buyer"), buyer},
         {QStringLiteral(":cart"), cart.isEmpty() ? QVariant(QMetaType::fromType<QString>()) : QVariant(cart)},
         {QStringLiteral(":before"), nullableId(before)},
         {QStringLiteral(":limit"), limit}});
    if (!query)
        return query.error();
    QSqlQuery &rows = *query.value();
    QVector<BuyerOrder> found;
    std::optional<DomainError> unreadable;
    while (rows.next()) {
        auto state = orderStateFromText(rows.value(2).toString());
        if (!state) {
            unreadable = state.error();
            break;
        }
        BuyerOrder order;
        order.summary.id = rows.value(0).toLongLong();
        order.summary.cart = rows.value(1).toString();
        order.summary.state = state.value();
        order.summary.currency = rows.value(4).toString();
        order.summary.amount = Money(rows.value(3).toLongLong(), order.summary.currency);
        order.createdAt = fromEpochMs(rows.value(5));
        order.paidAt = fromEpochMs(rows.value(6));
        found << order;
    }
    rows.finish();
    if (unreadable)
        return *unreadable;
    return found;
}

} // namespace boxoffice
