#pragma once

#include "stripeerror.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>

#include <functional>
#include <limits>
#include <optional>

namespace boxoffice::fakepay {

// Stripe's list paging over a collection kept in the order it was made: newest first, a created range,
// limit (default 10), and one cursor, starting_after (older than that object) or ending_before (newer).
struct ListWindow
{
    qint64 createdMin = 0; // inclusive
    qint64 createdMax = std::numeric_limits<qint64>::max(); // inclusive
    int limit = 10;
    qsizetype startingAfter = -1; // position of the cursor object
    qsizetype endingBefore = -1;

    // Reads limit, created and the cursors from parameters the schema has passed; positionOf answers
    // -1 for an id that is not in the collection (`what` names it in the error).
    static std::optional<StripeError> read(const QJsonObject &params, const QString &what,
                                           const std::function<qsizetype(const QString &)> &positionOf,
                                           ListWindow *window);

    // The positions of the page, newest first. `accept` filters beyond the created range.
    QList<qsizetype> pick(qsizetype count, const std::function<qint64(qsizetype)> &createdAt,
                          const std::function<bool(qsizetype)> &accept, bool *hasMore) const;
};

QJsonObject listJson(const QJsonArray &data, bool hasMore, const QString &url);

} // namespace boxoffice::fakepay
