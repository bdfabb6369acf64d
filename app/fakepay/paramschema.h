#pragma once

#include "stripeerror.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <limits>
#include <optional>

namespace boxoffice::fakepay {

// One parameter an endpoint takes, as Stripe documents it. What is not in an endpoint's list is refused
// (parameter_unknown, naming it), so a client cannot come to rely on the fake ignoring something that
// Stripe would refuse.
struct ParamSpec
{
    enum class Type {
        String, // empty unsets it, unless required
        Integer,
        Boolean, // "true" or "false"
        Enum,
        Currency, // three letters; any case, as Stripe lower-cases it
        Metadata, // up to 50 keys of 1-40 characters, values up to 500; "" clears
        Hash, // the fields listed
        StringList, // expand[], payment_method_types[]
        TimestampRange, // created=T or created[gt|gte|lt|lte]=T
    };

    QString name;
    Type type = Type::String;
    bool required = false;
    QStringList choices; // Enum
    QList<ParamSpec> fields; // Hash
    qint64 min = std::numeric_limits<qint64>::min(); // Integer
    qint64 max = std::numeric_limits<qint64>::max();
    int maxLength = 5000; // String, StringList elements

    static ParamSpec string(const QString &name, int maxLength = 5000);
    static ParamSpec integer(const QString &name, qint64 min, qint64 max);
    static ParamSpec boolean(const QString &name);
    static ParamSpec oneOf(const QString &name, const QStringList &choices);
    static ParamSpec currency(const QString &name);
    static ParamSpec metadata();
    static ParamSpec hash(const QString &name, const QList<ParamSpec> &fields);
    static ParamSpec list(const QString &name, int maxLength = 5000);
    static ParamSpec timestampRange(const QString &name);
    static ParamSpec expand();

    ParamSpec &&isRequired() &&
    {
        required = true;
        return std::move(*this);
    }
};

using ParamSchema = QList<ParamSpec>;

// Nothing when the parameters fit the schema, else the first problem as Stripe words it: unknown
// parameters first, then missing ones, then malformed values.
std::optional<StripeError> checkParams(const QJsonObject &params, const ParamSchema &schema);

// Readers for values checkParams has passed.
qint64 integerParam(const QJsonObject &params, const QString &name, qint64 fallback);
bool booleanParam(const QJsonObject &params, const QString &name);
QStringList listParam(const QJsonObject &params, const QString &name);
// metadata[...] as stored: a key sent empty is unset, as with Stripe.
QJsonObject metadataParam(const QJsonObject &params);

} // namespace boxoffice::fakepay
