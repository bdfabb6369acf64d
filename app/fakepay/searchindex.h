#pragma once

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QString>

namespace boxoffice::fakepay {

class SearchQuery;

// What the search endpoint sees of the payment intents. Stripe's search is eventually consistent ("data
// is searchable in under a minute"), so a client must not read its own write through it; with a lag set
// (/control/search {"lag_ms": n}) each change becomes searchable only n ms after it happened, and a
// client that assumes otherwise fails here as it would against Stripe. Lag 0 (the default): at once.
class SearchIndex : public QObject
{
public:
    static constexpr int maxLagMs = 10 * 60 * 1000;

    explicit SearchIndex(QObject *parent = nullptr);

    // The intent as rendered now; searchable after the lag.
    void update(const QJsonObject &intent);
    void setLagMs(int lagMs) { m_lagMs = lagMs; }
    int lagMs() const { return m_lagMs; }

    // Ids of the matching intents, newest first, among those indexed before position `before` (size():
    // all). *next is where the next page starts, or -1 when nothing more matches.
    QStringList search(const SearchQuery &query, qsizetype before, int limit, qsizetype *next) const;
    qsizetype size() const { return m_order.size(); }

private:
    void apply(const QJsonObject &intent);

    int m_lagMs = 0;
    QList<QString> m_order; // first indexed first
    QHash<QString, QJsonObject> m_documents;
};

} // namespace boxoffice::fakepay
