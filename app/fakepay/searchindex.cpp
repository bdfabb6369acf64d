#include "searchindex.h"

#include "searchquery.h"

#include <QTimer>

namespace boxoffice::fakepay {

SearchIndex::SearchIndex(QObject *parent) : QObject(parent) { }

void SearchIndex::update(const QJsonObject &intent)
{
    if (m_lagMs == 0)
        return apply(intent);
    // Timers of one length fire in the order they were started: changes land in the order they happened.
    QTimer::singleShot(m_lagMs, this, [this, intent] { apply(intent); });
}

void SearchIndex::apply(const QJsonObject &intent)
{
    const QString id = intent.value(QStringLiteral("id")).toString();
    if (!m_documents.contains(id))
        m_order.append(id);
    m_documents.insert(id, intent);
}

QStringList SearchIndex::search(const SearchQuery &query, qsizetype before, int limit, qsizetype *next) const
{
    QStringList found;
    *next = -1;
    // `before` counts from the oldest: the list only grows at the new end, so a cursor taken from an
    // earlier page still means the same place after more intents were indexed.
    for (qsizetype at = std::min(before, m_order.size()) - 1; at >= 0; --at) {
        if (!query.matches(m_documents.value(m_order.at(at))))
            continue;
        if (found.size() == limit) {
            *next = at + 1;
            break;
        }
        found.append(m_order.at(at));
    }
    return found;
}

} // namespace boxoffice::fakepay
