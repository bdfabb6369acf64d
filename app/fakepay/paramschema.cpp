#include "paramschema.h"

#include "formparams.h"

#include <QJsonArray>

namespace boxoffice::fakepay {

namespace {

constexpr int maxMetadataKeys = 50;
constexpr int maxMetadataKeyLength = 40;
constexpr int maxMetadataValueLength = 500;
constexpr int maxListSize = 100;

QString nameOf(const QStringList &prefix, const QString &name)
{
    return FormParams::pathName(QStringList(prefix) << name);
}

// Seconds since the epoch up to the end of year 9999: a bound moved by one cannot overflow.
constexpr qint64 maxTimestamp = 253402300799;

bool parseInteger(const QString &text, qint64 *number)
{
    // Digits only, with an optional minus: "1e3", " 12", "+5" and "12.0" are not integers to Stripe.
    if (text.isEmpty() || text.size() > 19)
        return false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (!text.at(i).isDigit() && !(i == 0 && text.at(i) == QLatin1Char('-') && text.size() > 1))
            return false;
        if (text.at(i).isDigit() && text.at(i).unicode() > '9')
            return false;
    }
    bool ok = false;
    *number = text.toLongLong(&ok);
    return ok;
}

std::optional<StripeError> checkValue(const QJsonValue &value, const ParamSpec &spec, const QStringList &prefix);

std::optional<StripeError> checkObject(const QJsonObject &params, const ParamSchema &schema, const QStringList &prefix)
{
    for (auto it = params.constBegin(); it != params.constEnd(); ++it) {
        const bool known
            = std::any_of(schema.cbegin(), schema.cend(), [&](const ParamSpec &spec) { return spec.name == it.key(); });
        if (!known)
            return StripeError::unknownParameter(nameOf(prefix, it.key()));
    }
    for (const ParamSpec &spec : schema) {
        if (spec.required && !params.contains(spec.name))
            return StripeError::missingParameter(nameOf(prefix, spec.name));
    }
    for (const ParamSpec &spec : schema) {
        if (params.contains(spec.name)) {
            if (auto refused = checkValue(params.value(spec.name), spec, prefix))
                return refused;
        }
    }
    return std::nullopt;
}

std::optional<StripeError> checkMetadata(const QJsonValue &value, const QString &name)
{
    if (value.isString() && value.toString().isEmpty())
        return std::nullopt; // metadata= clears it all
    if (!value.isObject())
        return StripeError::invalid(QStringLiteral("Invalid hash"), name);
    const QJsonObject metadata = value.toObject();
    if (metadata.size() > maxMetadataKeys)
        return StripeError::invalid(QStringLiteral("You can have up to %1 metadata keys, but you passed %2.")
                                        .arg(maxMetadataKeys)
                                        .arg(metadata.size()),
                                    name);
    for (auto it = metadata.constBegin(); it != metadata.constEnd(); ++it) {
        const QString keyName = FormParams::pathName({name, it.key()});
        if (it.key().isEmpty() || it.key().size() > maxMetadataKeyLength)
            return StripeError::invalid(QStringLiteral("Metadata keys can have up to %1 characters, but you passed in "
                                                       "a key that is %2 characters.")
                                            .arg(maxMetadataKeyLength)
                                            .arg(it.key().size()),
                                        keyName);
        if (!it.value().isString())
            return StripeError::invalid(QStringLiteral("Invalid string: metadata values are strings."), keyName);
        if (it.value().toString().size() > maxMetadataValueLength)
            return StripeError::invalid(QStringLiteral("Metadata values can have up to %1 characters, but you passed "
                                                       "in a value that is %2 characters.")
                                            .arg(maxMetadataValueLength)
                                            .arg(it.value().toString().size()),
                                        keyName);
    }
    return std::nullopt;
}

std::optional<StripeError> checkTimestampRange(const QJsonValue &value, const QString &name)
{
    static const QStringList bounds{QStringLiteral("gt"), QStringLiteral("gte"), QStringLiteral("lt"),
                                    QStringLiteral("lte")};
    qint64 number = 0;
    if (value.isString()) {
        if (value.toString().isEmpty())
            return StripeError::emptyValue(name);
        if (!parseInteger(value.toString(), &number) || number < 0 || number > maxTimestamp)
            return StripeError::invalidInteger(name, value.toString());
        return std::nullopt;
    }
    if (!value.isObject())
        return StripeError::invalid(QStringLiteral("Invalid hash"), name);
    const QJsonObject range = value.toObject();
    for (auto it = range.constBegin(); it != range.constEnd(); ++it) {
        const QString boundName = FormParams::pathName({name, it.key()});
        if (!bounds.contains(it.key()))
            return StripeError::unknownParameter(boundName);
        if (!it.value().isString())
            return StripeError::invalidInteger(boundName, QStringLiteral("(not a number)"));
        if (it.value().toString().isEmpty())
            return StripeError::emptyValue(boundName);
        if (!parseInteger(it.value().toString(), &number) || number < 0 || number > maxTimestamp)
            return StripeError::invalidInteger(boundName, it.value().toString());
    }
    return std::nullopt;
}

std::optional<StripeError> checkList(const QJsonValue &value, const ParamSpec &spec, const QString &name)
{
    if (!value.isArray())
        return StripeError::invalid(QStringLiteral("Invalid array"), name);
    const QJsonArray list = value.toArray();
    if (list.size() > maxListSize)
        return StripeError::invalid(QStringLiteral("Too many values in %1 (at most %2).").arg(name).arg(maxListSize),
                                    name);
    for (qsizetype i = 0; i < list.size(); ++i) {
        const QString elementName = FormParams::pathName({name, QString::number(i)});
        if (!list.at(i).isString())
            return StripeError::invalid(QStringLiteral("Invalid string: %1 takes strings.").arg(name), elementName);
        if (list.at(i).toString().isEmpty())
            return StripeError::emptyValue(elementName);
        if (list.at(i).toString().size() > spec.maxLength)
            return StripeError::invalid(
                QStringLiteral("Invalid string: must be at most %1 characters").arg(spec.maxLength), elementName);
    }
    return std::nullopt;
}

std::optional<StripeError> checkValue(const QJsonValue &value, const ParamSpec &spec, const QStringList &prefix)
{
    const QString name = nameOf(prefix, spec.name);
    switch (spec.type) {
    case ParamSpec::Type::Metadata:
        return checkMetadata(value, name);
    case ParamSpec::Type::TimestampRange:
        return checkTimestampRange(value, name);
    case ParamSpec::Type::StringList:
        return checkList(value, spec, name);
    case ParamSpec::Type::Hash:
        if (value.isString() && value.toString().isEmpty() && !spec.required)
            return std::nullopt;
        if (!value.isObject())
            return StripeError::invalid(QStringLiteral("Invalid hash"), name);
        return checkObject(value.toObject(), spec.fields, QStringList(prefix) << spec.name);
    default:
        break;
    }

    if (!value.isString())
        return StripeError::invalid(
            QStringLiteral("Invalid %1: a single value was expected, not a hash or a list.").arg(name), name);
    const QString text = value.toString();
    if (text.isEmpty()) {
        if (spec.type == ParamSpec::Type::String && !spec.required)
            return std::nullopt;
        return StripeError::emptyValue(name);
    }
    switch (spec.type) {
    case ParamSpec::Type::String:
        if (text.size() > spec.maxLength)
            return StripeError::invalid(QStringLiteral("Invalid string: %1...; must be at most %2 characters")
                                            .arg(text.left(20))
                                            .arg(spec.maxLength),
                                        name);
        return std::nullopt;
    case ParamSpec::Type::Integer: {
        qint64 number = 0;
        if (!parseInteger(text, &number))
            return StripeError::invalidInteger(name, text);
        if (number < spec.min)
            return StripeError::invalid(QStringLiteral("This value must be greater than or equal to %1.").arg(spec.min),
                                        name, QStringLiteral("parameter_invalid_integer"));
        if (number > spec.max)
            return StripeError::invalid(QStringLiteral("This value must be less than or equal to %1.").arg(spec.max),
                                        name, QStringLiteral("parameter_invalid_integer"));
        return std::nullopt;
    }
    case ParamSpec::Type::Boolean:
        if (text != QLatin1String("true") && text != QLatin1String("false"))
            return StripeError::invalid(QStringLiteral("Invalid boolean: %1").arg(text.left(100)), name);
        return std::nullopt;
    case ParamSpec::Type::Enum:
        if (!spec.choices.contains(text))
            return StripeError::invalid(
                QStringLiteral("Invalid %1: must be one of %2").arg(name, spec.choices.join(QStringLiteral(", "))),
                name);
        return std::nullopt;
    case ParamSpec::Type::Currency: {
        const bool letters = text.size() == 3 && std::all_of(text.cbegin(), text.cend(), [](QChar c) {
                                 return (c >= QLatin1Char('a') && c <= QLatin1Char('z'))
                                     || (c >= QLatin1Char('A') && c <= QLatin1Char('Z'));
                             });
        if (!letters)
            return StripeError::invalid(QStringLiteral("Invalid currency: %1. Stripe currently supports these "
                                                       "currencies: eur, usd, gbp, chf, ...")
                                            .arg(text.left(20).toLower()),
                                        name);
        return std::nullopt;
    }
    default:
        return std::nullopt;
    }
}

} // namespace

ParamSpec ParamSpec::string(const QString &name, int maxLength)
{
    ParamSpec spec;
    spec.name = name;
    spec.maxLength = maxLength;
    return spec;
}

ParamSpec ParamSpec::integer(const QString &name, qint64 min, qint64 max)
{
    ParamSpec spec;
    spec.name = name;
    spec.type = Type::Integer;
    spec.min = min;
    spec.max = max;
    return spec;
}

ParamSpec ParamSpec::boolean(const QString &name)
{
    ParamSpec spec;
    spec.name = name;
    spec.type = Type::Boolean;
    return spec;
}

ParamSpec ParamSpec::oneOf(const QString &name, const QStringList &choices)
{
    ParamSpec spec;
    spec.name = name;
    spec.type = Type::Enum;
    spec.choices = choices;
    return spec;
}

ParamSpec ParamSpec::currency(const QString &name)
{
    ParamSpec spec;
    spec.name = name;
    spec.type = Type::Currency;
    return spec;
}

ParamSpec ParamSpec::metadata()
{
    ParamSpec spec;
    spec.name = QStringLiteral("metadata");
    spec.type = Type::Metadata;
    return spec;
}

ParamSpec ParamSpec::hash(const QString &name, const QList<ParamSpec> &fields)
{
    ParamSpec spec;
    spec.name = name;
    spec.type = Type::Hash;
    spec.fields = fields;
    return spec;
}

ParamSpec ParamSpec::list(const QString &name, int maxLength)
{
    ParamSpec spec;
    spec.name = name;
    spec.type = Type::StringList;
    spec.maxLength = maxLength;
    return spec;
}

ParamSpec ParamSpec::timestampRange(const QString &name)
{
    ParamSpec spec;
    spec.name = name;
    spec.type = Type::TimestampRange;
    return spec;
}

ParamSpec ParamSpec::expand()
{
    return list(QStringLiteral("expand"), 200);
}

std::optional<StripeError> checkParams(const QJsonObject &params, const ParamSchema &schema)
{
    return checkObject(params, schema, {});
}

qint64 integerParam(const QJsonObject &params, const QString &name, qint64 fallback)
{
    const QJsonValue value = params.value(name);
    return value.isString() && !value.toString().isEmpty() ? value.toString().toLongLong() : fallback;
}

bool booleanParam(const QJsonObject &params, const QString &name)
{
    return params.value(name).toString() == QLatin1String("true");
}

QStringList listParam(const QJsonObject &params, const QString &name)
{
    QStringList values;
    for (const QJsonValue &value : params.value(name).toArray())
        values.append(value.toString());
    return values;
}

QJsonObject metadataParam(const QJsonObject &params)
{
    QJsonObject metadata = params.value(QStringLiteral("metadata")).toObject();
    for (auto it = metadata.begin(); it != metadata.end();) {
        if (it.value().toString().isEmpty())
            it = metadata.erase(it);
        else
            ++it;
    }
    return metadata;
}

} // namespace boxoffice::fakepay
