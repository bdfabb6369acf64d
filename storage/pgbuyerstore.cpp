#include "storage/pgbuyerstore.h"

#include "storage/buyersql.h"
#include "storage/pgarrays.h"
#include "storage/transactionguard.h"

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

PgBuyerStore::PgBuyerStore(QSqlDatabase database) : m_statements(database), m_seats(database) { }

Result<NewBuyer> PgBuyerStore::addBuyer(const QString &name)
{
    const QString clean = name.trimmed();
    if (clean.isEmpty() || clean.size() > 200)
        return makeError(ErrorCode::BadInput, QStringLiteral("A buyer's name is 1 to 200 characters."));
    NewBuyer created;
    created.token = newToken();
    auto inserted = m_statements.exec(BuyerSql::addBuyer, QStringLiteral("adding a buyer"),
                                      {{QStringLiteral(":name"), clean}, {QStringLiteral(":hash"), tokenHash(created.token)}});
    if (!inserted)
        return inserted.error();
    inserted.value()->next();
    created.buyer = Buyer{inserted.value()->value(0).toLongLong(), clean};
    inserted.value()->finish();
    return created;
}

Result<Buyer> PgBuyerStore::authenticate(const QString &token)
{
    static const QRegularExpression shape(QStringLiteral("^[A-Za-z0-9_-]{43}$"));
    const auto refused = [] { return makeError(ErrorCode::PermissionDenied, QStringLiteral("Sign in with a valid buyer token.")); };
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

Result<CartId> PgBuyerStore::createCart(BuyerId buyer, const QString &instrument)
{
    const QString cleanInstrument = instrument.trimmed();
    if (cleanInstrument.size() > 64)
        return makeError(ErrorCode::BadInput, QStringLiteral("A payment instrument is at most 64 characters."));
    QByteArray bytes(12, Qt::Uninitialized);
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(bytes.data()), bytes.size() / 4);
    const CartId cart = QStringLiteral("web-") + QString::fromLatin1(bytes.toHex());
    auto inserted = m_statements.exec(BuyerSql::addCart, QStringLiteral("creating a cart"),
                                      {{QStringLiteral(":cart"), cart},
                                       {QStringLiteral(":buyer"), buyer},
                                       {QStringLiteral(":instrument"), cleanInstrument.isEmpty() ? QVariant(QMetaType::fromType<QString>())
                                                                                                 : QVariant(cleanInstrument)}});
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

Status PgBuyerStore::checkCap(const char *sql, const QString &context, PreparedStatements::Bindings bindings,
                              qsizetype asked, const QString &what)
{
    auto cap = m_statements.exec(sql, context, bindings);
    if (!cap)
        return cap.error();
    cap.value()->next();
    const QVariant limit = cap.value()->value(0);
    const int held = cap.value()->value(1).toInt();
    cap.value()->finish();
    if (!limit.isNull() && held + asked > limit.toInt())
        return makeError(ErrorCode::LimitReached,
                         QStringLiteral("At most %1 seats of this event may be held at once %2; %3 are held already.")
                             .arg(limit.toInt())
                             .arg(what)
                             .arg(held));
    return Done{};
}

Result<HoldGrant> PgBuyerStore::holdWithinCap(BuyerId buyer, const HoldRequest &request)
{
    const QString context = QStringLiteral("holding seats for a buyer");
    TransactionGuard transaction(m_statements.database());
    if (auto status = transaction.begin(context); !status)
        return status.error();
    // Buyer first, then the instrument: the same order in every request, so two never wait on each other.
    auto locked = m_statements.exec(BuyerSql::lockBuyer, context, {{QStringLiteral(":buyer"), buyer}});
    if (!locked)
        return locked.error();
    locked.value()->finish();
    const QString units = toBigintArray(request.units);
    if (auto status = checkCap(BuyerSql::capAndHeld, context,
                               {{QStringLiteral(":buyer"), buyer},
                                {QStringLiteral(":event"), request.event},
                                {QStringLiteral(":units"), units}},
                               request.units.size(), QStringLiteral("per buyer"));
        !status)
        return status.error();

    auto instrument = m_statements.exec(BuyerSql::cartInstrument, context, {{QStringLiteral(":cart"), request.cart}});
    if (!instrument)
        return instrument.error();
    const QString card = instrument.value()->next() ? instrument.value()->value(0).toString() : QString();
    instrument.value()->finish();
    if (!card.isEmpty()) {
        auto cardLock = m_statements.exec(BuyerSql::lockInstrument, context, {{QStringLiteral(":instrument"), card}});
        if (!cardLock)
            return cardLock.error();
        cardLock.value()->finish();
        if (auto status = checkCap(BuyerSql::instrumentCapAndHeld, context,
                                   {{QStringLiteral(":instrument"), card},
                                    {QStringLiteral(":event"), request.event},
                                    {QStringLiteral(":units"), units}},
                                   request.units.size(), QStringLiteral("per payment card"));
            !status)
            return status.error();
    }

    auto granted = m_seats.hold(request);
    if (!granted)
        return granted.error();
    if (auto status = transaction.commit(context); !status)
        return status.error();
    return granted;
}

} // namespace boxoffice
