#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace boxoffice::fakepay {

// Stripe's Search Query Language, as far as payment intents take it:
//   status:'succeeded' AND metadata['order_id']:'42' AND amount>1000 AND -currency:'usd'
// A clause is [-]field operator value with no blanks inside; operators ':' (exact match, case
// insensitive), '>', '<', '>=', '<=' (numbers only); strings in single or double quotes with '\' to
// escape the quote or the backslash; numbers bare; null matches a metadata key that is absent.
// Clauses are joined all by AND (a blank means AND too) or all by OR: Stripe has no precedence and no
// parentheses, and so refuses a mix.
class SearchQuery
{
public:
    static constexpr int maxClauses = 10;

    // The query, or nothing with *problem saying why Stripe would refuse it.
    static std::optional<SearchQuery> parse(const QString &text, QString *problem);

    // `intent` is a payment intent as the API renders it.
    bool matches(const QJsonObject &intent) const;

private:
    enum class Op { Equals, Greater, GreaterOrEqual, Less, LessOrEqual };
    struct Clause
    {
        bool negated = false;
        QString field; // amount, created, currency, customer, status, metadata
        QString metadataKey;
        Op op = Op::Equals;
        bool isNull = false;
        bool isNumber = false;
        qint64 number = 0;
        QString text;
    };

    bool clauseMatches(const Clause &clause, const QJsonObject &intent) const;

    QList<Clause> m_clauses;
    bool m_any = false; // OR
};

} // namespace boxoffice::fakepay
