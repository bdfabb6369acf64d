#include "domain/propertyspec.h"

#include "domain/textrules.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>

#include <cmath>

namespace boxoffice {

namespace {

constexpr qint64 maxPriceMinor = 1000000000; // ten million in any currency's units

DomainError invalid(const QString &message)
{
    return makeError(ErrorCode::BadInput, message);
}

// Reads one object's fields, each checked for its type and bounds; the first failure is kept and
// named by its path ("room_types[2].rooms").
class Fields
{
public:
    Fields(const QJsonObject &object, QString path) : m_object(object), m_path(std::move(path)) { }

    QString where(const QString &key) const { return m_path.isEmpty() ? key : m_path + QLatin1Char('.') + key; }

    std::optional<QString> text(const QString &key, int maxLength, bool required, const QString &fallback = {})
    {
        const QJsonValue value = m_object.value(key);
        if (value.isUndefined() && !required)
            return fallback;
        const QString string = value.toString();
        if (!value.isString() || string.trimmed().isEmpty() || string.size() > maxLength
            || hasUnshowableCharacters(string)) {
            fail(QStringLiteral("%1 must be text of 1 to %2 characters, without control characters.")
                     .arg(where(key))
                     .arg(maxLength));
            return std::nullopt;
        }
        return string.trimmed();
    }

    std::optional<qint64> number(const QString &key, qint64 lowest, qint64 highest, std::optional<qint64> fallback)
    {
        const QJsonValue value = m_object.value(key);
        if (value.isUndefined() && fallback)
            return fallback;
        const double n = value.toDouble(std::nan(""));
        if (!value.isDouble() || !std::isfinite(n) || n != std::floor(n) || n < double(lowest) || n > double(highest)) {
            fail(QStringLiteral("%1 must be a whole number from %2 to %3.").arg(where(key)).arg(lowest).arg(highest));
            return std::nullopt;
        }
        return qint64(n);
    }

    std::optional<QJsonArray> array(const QString &key, int maxItems)
    {
        const QJsonValue value = m_object.value(key);
        if (value.isUndefined())
            return QJsonArray{};
        if (!value.isArray() || value.toArray().size() > maxItems) {
            fail(QStringLiteral("%1 must be a list of at most %2.").arg(where(key)).arg(maxItems));
            return std::nullopt;
        }
        return value.toArray();
    }

    void fail(const QString &message)
    {
        if (!m_error)
            m_error = invalid(message);
    }
    const std::optional<DomainError> &error() const { return m_error; }

private:
    QJsonObject m_object;
    QString m_path;
    std::optional<DomainError> m_error;
};

Result<QJsonObject> rootObject(const QByteArray &json, const QString &what)
{
    QJsonParseError error{};
    const QJsonDocument document = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError)
        return invalid(
            QStringLiteral("The %1 file is not JSON: %2 at byte %3.").arg(what, error.errorString()).arg(error.offset));
    if (!document.isObject())
        return invalid(QStringLiteral("The %1 file must be one JSON object.").arg(what));
    return document.object();
}

std::optional<QString> currencyOf(Fields &fields)
{
    static const QRegularExpression iso(QStringLiteral("^[A-Z]{3}$"));
    auto currency = fields.text(QStringLiteral("currency"), 3, true);
    if (currency && !iso.match(*currency).hasMatch()) {
        fields.fail(QStringLiteral("currency must be three capital letters, e.g. EUR."));
        return std::nullopt;
    }
    return currency;
}

bool validCode(const QString &code)
{
    static const QRegularExpression shape(QStringLiteral("^[A-Za-z0-9_-]{1,16}$"));
    return shape.match(code).hasMatch();
}

std::optional<RoomRateSpec> rateOf(const QJsonValue &value, const QString &path, int nights, const QString &currency,
                                   Fields &parent)
{
    if (!value.isObject()) {
        parent.fail(QStringLiteral("%1 must be an object.").arg(path));
        return std::nullopt;
    }
    Fields fields(value.toObject(), path);
    RoomRateSpec rate;
    const auto name = fields.text(QStringLiteral("name"), 100, true);
    const auto first = fields.number(QStringLiteral("first_day"), 0, nights - 1, 0);
    const auto last = fields.number(QStringLiteral("last_day"), first.value_or(0), nights - 1, nights - 1);
    const auto price = fields.number(QStringLiteral("price_minor"), 0, maxPriceMinor, std::nullopt);
    const auto days = fields.array(QStringLiteral("weekdays"), 7);
    if (days) {
        for (const QJsonValue &day : *days) {
            const double d = day.toDouble(0);
            if (!day.isDouble() || d != std::floor(d) || d < 1 || d > 7 || (rate.weekdays & (1 << (int(d) - 1)))) {
                fields.fail(QStringLiteral("%1 lists each ISO weekday (1 Monday ... 7 Sunday) at most once.")
                                .arg(fields.where(QStringLiteral("weekdays"))));
                break;
            }
            rate.weekdays |= 1 << (int(d) - 1);
        }
    }
    if (fields.error()) {
        parent.fail(fields.error()->message);
        return std::nullopt;
    }
    rate.name = *name;
    rate.firstDay = int(*first);
    rate.lastDay = int(*last);
    rate.price = Money(*price, currency);
    return rate;
}

std::optional<RoomTypeSpec> roomTypeOf(const QJsonValue &value, const QString &path, int nights,
                                       const QString &currency, Fields &parent)
{
    if (!value.isObject()) {
        parent.fail(QStringLiteral("%1 must be an object.").arg(path));
        return std::nullopt;
    }
    Fields fields(value.toObject(), path);
    RoomTypeSpec type;
    const auto code = fields.text(QStringLiteral("code"), 16, true);
    if (code && !validCode(*code))
        fields.fail(
            QStringLiteral("%1 is 1 to 16 letters, digits, '-' or '_'.").arg(fields.where(QStringLiteral("code"))));
    const auto name = fields.text(QStringLiteral("name"), 200, true);
    const auto rank = fields.number(QStringLiteral("rank"), -1000, 1000, 0);
    const auto price = fields.number(QStringLiteral("price_minor"), 0, maxPriceMinor, std::nullopt);
    const auto rooms = fields.number(QStringLiteral("rooms"), 0, HotelSpec::maxRoomsPerType, std::nullopt);
    const auto sellable
        = fields.number(QStringLiteral("sellable"), 0, 2 * HotelSpec::maxRoomsPerType, rooms.value_or(0));
    const auto firstRoom = fields.number(QStringLiteral("first_room_number"), 0, 99999, 0);
    if (firstRoom && rooms && *firstRoom > 0 && *firstRoom + *rooms - 1 > 99999)
        fields.fail(QStringLiteral("%1: the last room number would pass 99999.").arg(path));
    const auto rates = fields.array(QStringLiteral("rates"), HotelSpec::maxRatesPerType);
    if (rates) {
        for (int i = 0; i < rates->size() && !fields.error(); ++i) {
            if (auto rate
                = rateOf(rates->at(i), fields.where(QStringLiteral("rates[%1]").arg(i)), nights, currency, fields))
                type.rates << *rate;
        }
    }
    if (fields.error()) {
        parent.fail(fields.error()->message);
        return std::nullopt;
    }
    type.code = *code;
    type.name = *name;
    type.rank = int(*rank);
    type.price = Money(*price, currency);
    type.rooms = int(*rooms);
    type.sellable = int(*sellable);
    type.firstRoomNumber = int(*firstRoom);
    return type;
}

} // namespace

Result<HotelSpec> HotelSpec::fromJson(const QByteArray &json)
{
    auto root = rootObject(json, QStringLiteral("hotel"));
    if (!root)
        return root.error();
    Fields fields(root.value(), QString());
    HotelSpec hotel;
    const auto name = fields.text(QStringLiteral("name"), 200, true);
    const auto currency = currencyOf(fields);
    const auto hold = fields.number(QStringLiteral("hold_seconds"), 1, 86400, 900);
    const auto extensions = fields.number(QStringLiteral("max_extensions"), 0, 100, 1);
    const auto nights = fields.number(QStringLiteral("nights"), 1, maxNights, 365);
    const auto types = fields.array(QStringLiteral("room_types"), maxRoomTypes);
    if (fields.error())
        return *fields.error();
    QSet<QString> codes;
    for (int i = 0; i < types->size(); ++i) {
        auto type = roomTypeOf(types->at(i), QStringLiteral("room_types[%1]").arg(i), int(*nights), *currency, fields);
        if (!type)
            return *fields.error();
        if (codes.contains(type->code))
            return invalid(QStringLiteral("room_types[%1].code \"%2\" is given twice.").arg(i).arg(type->code));
        codes.insert(type->code);
        hotel.roomTypes << *type;
    }
    hotel.name = *name;
    hotel.currency = *currency;
    hotel.holdSeconds = int(*hold);
    hotel.maxExtensions = int(*extensions);
    hotel.nights = int(*nights);
    return hotel;
}

Result<RestaurantSpec> RestaurantSpec::fromJson(const QByteArray &json)
{
    auto root = rootObject(json, QStringLiteral("restaurant"));
    if (!root)
        return root.error();
    Fields fields(root.value(), QString());
    RestaurantSpec restaurant;
    const auto name = fields.text(QStringLiteral("name"), 200, true);
    const auto currency = currencyOf(fields);
    const auto deposit = fields.number(QStringLiteral("deposit_minor"), 0, maxPriceMinor, 0);
    const auto hold = fields.number(QStringLiteral("hold_seconds"), 1, 86400, 300);
    const auto extensions = fields.number(QStringLiteral("max_extensions"), 0, 100, 1);
    const auto tables = fields.array(QStringLiteral("tables"), maxTables);
    if (fields.error())
        return *fields.error();
    QSet<QString> codes;
    for (int i = 0; i < tables->size(); ++i) {
        const QString path = QStringLiteral("tables[%1]").arg(i);
        if (!tables->at(i).isObject())
            return invalid(QStringLiteral("%1 must be an object.").arg(path));
        Fields table(tables->at(i).toObject(), path);
        const auto code = table.text(QStringLiteral("code"), 16, true);
        if (code && !validCode(*code))
            table.fail(QStringLiteral("%1.code is 1 to 16 letters, digits, '-' or '_'.").arg(path));
        const auto seats = table.number(QStringLiteral("seats"), 1, maxSeatsPerTable, std::nullopt);
        if (table.error())
            return *table.error();
        if (codes.contains(*code))
            return invalid(QStringLiteral("%1.code \"%2\" is given twice.").arg(path, *code));
        codes.insert(*code);
        restaurant.tables << TableSpec{*code, int(*seats)};
    }
    restaurant.name = *name;
    restaurant.currency = *currency;
    restaurant.deposit = Money(*deposit, *currency);
    restaurant.holdSeconds = int(*hold);
    restaurant.maxExtensions = int(*extensions);
    return restaurant;
}

} // namespace boxoffice
