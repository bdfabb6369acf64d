#include "listpage.h"

#include "paramschema.h"

#include <algorithm>

namespace boxoffice::fakepay {

std::optional<StripeError> ListWindow::read(const QJsonObject &params, const QString &what,
                                            const std::function<qsizetype(const QString &)> &positionOf,
                                            ListWindow *window)
{
    window->limit = int(integerParam(params, QStringLiteral("limit"), 10));
    const QJsonValue created = params.value(QStringLiteral("created"));
    if (created.isString()) {
        window->createdMin = window->createdMax = created.toString().toLongLong();
    } else {
        const QJsonObject range = created.toObject();
        // Saturated so that gt/lt at the extremes cannot overflow.
        const auto bound = [&](const char *name, qint64 fallback) {
            const QJsonValue value = range.value(QLatin1String(name));
            return value.isUndefined() ? fallback : value.toString().toLongLong();
        };
        constexpr qint64 low = std::numeric_limits<qint64>::min() + 1;
        constexpr qint64 high = std::numeric_limits<qint64>::max() - 1;
        window->createdMin = std::max({qint64(0), bound("gte", 0), std::min(bound("gt", low), high) + 1});
        window->createdMax = std::min({bound("lte", high + 1), std::max(bound("lt", high + 1), low) - 1});
    }
    for (const QString &name : {QStringLiteral("starting_after"), QStringLiteral("ending_before")}) {
        const QString id = params.value(name).toString();
        if (id.isEmpty())
            continue;
        const qsizetype position = positionOf(id);
        if (position < 0)
            return StripeError::invalid(QStringLiteral("No such %1: '%2'").arg(what, id.left(200)), name,
                                        QStringLiteral("resource_missing"));
        (name == QLatin1String("starting_after") ? window->startingAfter : window->endingBefore) = position;
    }
    if (window->startingAfter >= 0 && window->endingBefore >= 0)
        return StripeError::invalid(
            QStringLiteral("You may only specify one of these parameters: ending_before, starting_after."),
            QStringLiteral("ending_before"));
    return std::nullopt;
}

QList<qsizetype> ListWindow::pick(qsizetype count, const std::function<qint64(qsizetype)> &createdAt,
                                  const std::function<bool(qsizetype)> &accept, bool *hasMore) const
{
    const auto wanted = [&](qsizetype position) {
        const qint64 created = createdAt(position);
        return created >= createdMin && created <= createdMax && accept(position);
    };
    QList<qsizetype> picked;
    // One more than the page holds, to know whether there is more.
    if (endingBefore >= 0) {
        for (qsizetype position = endingBefore + 1; position < count && picked.size() <= limit; ++position) {
            if (wanted(position))
                picked.append(position);
        }
    } else {
        for (qsizetype position = startingAfter >= 0 ? startingAfter - 1 : count - 1;
             position >= 0 && picked.size() <= limit; --position) {
            if (wanted(position))
                picked.append(position);
        }
    }
    *hasMore = picked.size() > limit;
    picked.resize(std::min(picked.size(), qsizetype(limit)));
    // Paging backwards still shows newest first, as Stripe does.
    if (endingBefore >= 0)
        std::reverse(picked.begin(), picked.end());
    return picked;
}

QJsonObject listJson(const QJsonArray &data, bool hasMore, const QString &url)
{
    return {
        {QStringLiteral("object"), QStringLiteral("list")},
        {QStringLiteral("data"), data},
        {QStringLiteral("has_more"), hasMore},
        {QStringLiteral("url"), url},
    };
}

} // namespace boxoffice::fakepay
