#include "searchquery.h"

#include <QStringList>

namespace boxoffice::fakepay {

namespace {

const QStringList numericFields{QStringLiteral("amount"), QStringLiteral("created")};
const QStringList stringFields{QStringLiteral("currency"), QStringLiteral("customer"), QStringLiteral("status")};

// A cursor over the query text; every reader leaves it on the first character it did not take.
class Reader
{
public:
    explicit Reader(const QString &text) : m_text(text) { }

    bool atEnd() const { return m_at >= m_text.size(); }
    QChar peek(int ahead = 0) const { return m_at + ahead < m_text.size() ? m_text.at(m_at + ahead) : QChar(); }
    void skip(int count = 1) { m_at += count; }
    qsizetype position() const { return m_at; }
    void seek(qsizetype at) { m_at = at; }
    bool skipBlanks()
    {
        const qsizetype before = m_at;
        while (!atEnd() && peek().isSpace())
            ++m_at;
        return m_at > before;
    }
    QString word()
    {
        QString taken;
        while (!atEnd() && (peek().isLetterOrNumber() || peek() == QLatin1Char('_')) && peek().unicode() < 128)
            taken += m_text.at(m_at++);
        return taken;
    }
    // A quoted string; nothing if it does not start with a quote or never ends.
    std::optional<QString> quoted()
    {
        const QChar quote = peek();
        if (quote != QLatin1Char('\'') && quote != QLatin1Char('"'))
            return std::nullopt;
        QString taken;
        for (qsizetype at = m_at + 1; at < m_text.size(); ++at) {
            const QChar c = m_text.at(at);
            if (c == QLatin1Char('\\') && at + 1 < m_text.size()
                && (m_text.at(at + 1) == quote || m_text.at(at + 1) == QLatin1Char('\\'))) {
                taken += m_text.at(++at);
            } else if (c == quote) {
                m_at = at + 1;
                return taken;
            } else {
                taken += c;
            }
        }
        return std::nullopt;
    }

private:
    const QString &m_text;
    qsizetype m_at = 0;
};

} // namespace

std::optional<SearchQuery> SearchQuery::parse(const QString &text, QString *problem)
{
    SearchQuery query;
    Reader reader(text);
    QString joiner; // "AND" or "OR" once one has been seen
    const auto fail = [&](const QString &why) {
        *problem = QStringLiteral("Invalid search query at position %1: %2").arg(reader.position()).arg(why);
        return std::nullopt;
    };

    reader.skipBlanks();
    if (reader.atEnd())
        return fail(QStringLiteral("the query is empty."));
    while (!reader.atEnd()) {
        if (query.m_clauses.size() == maxClauses)
            return fail(QStringLiteral("a query has at most %1 clauses.").arg(maxClauses));
        Clause clause;
        if (reader.peek() == QLatin1Char('-')) {
            clause.negated = true;
            reader.skip();
        }
        clause.field = reader.word();
        if (clause.field.isEmpty())
            return fail(QStringLiteral("a clause starts with a field name, like status or metadata['key']."));
        if (clause.field == QLatin1String("metadata")) {
            if (reader.peek() != QLatin1Char('['))
                return fail(QStringLiteral("metadata is searched as metadata['key']."));
            reader.skip();
            const std::optional<QString> key = reader.quoted();
            if (!key || key->isEmpty() || reader.peek() != QLatin1Char(']'))
                return fail(QStringLiteral("metadata is searched as metadata['key'], the key quoted."));
            reader.skip();
            clause.metadataKey = *key;
        } else if (!numericFields.contains(clause.field) && !stringFields.contains(clause.field)) {
            return fail(QStringLiteral("Field `%1` is an unsupported search field for resource `payment_intents`. "
                                       "Supported: amount, created, currency, customer, metadata, status.")
                            .arg(clause.field.left(40)));
        }

        if (reader.peek() == QLatin1Char(':')) {
            clause.op = Op::Equals;
            reader.skip();
        } else if (reader.peek() == QLatin1Char('>') || reader.peek() == QLatin1Char('<')) {
            const bool greater = reader.peek() == QLatin1Char('>');
            const bool orEqual = reader.peek(1) == QLatin1Char('=');
            clause.op = greater ? (orEqual ? Op::GreaterOrEqual : Op::Greater) : (orEqual ? Op::LessOrEqual : Op::Less);
            reader.skip(orEqual ? 2 : 1);
            if (!numericFields.contains(clause.field))
                return fail(QStringLiteral("only amount and created compare with > and <."));
        } else if (reader.peek() == QLatin1Char('~')) {
            return fail(QStringLiteral("substring search (~) is not supported for payment intents."));
        } else {
            return fail(QStringLiteral("expected ':', '>', '<', '>=' or '<=' after the field, with no blank."));
        }

        if (const std::optional<QString> quoted = reader.quoted()) {
            clause.text = *quoted;
        } else if (reader.peek() == QLatin1Char('\'') || reader.peek() == QLatin1Char('"')) {
            return fail(QStringLiteral("a quoted value never ends."));
        } else {
            const QString bare = reader.word();
            bool isNumber = false;
            clause.number = bare.toLongLong(&isNumber);
            clause.isNumber = isNumber && !bare.startsWith(QLatin1Char('+'));
            clause.isNull = bare == QLatin1String("null");
            if (!clause.isNumber && !clause.isNull)
                return fail(bare.isEmpty() ? QStringLiteral("a value is missing.")
                                           : QStringLiteral("string values are quoted: '%1'.").arg(bare.left(40)));
        }
        if (numericFields.contains(clause.field)) {
            if (clause.isNull)
                return fail(QStringLiteral("%1 is never null.").arg(clause.field));
            if (!clause.isNumber) {
                bool ok = false;
                clause.number = clause.text.toLongLong(&ok);
                if (!ok || clause.op != Op::Equals)
                    return fail(QStringLiteral("%1 takes a number.").arg(clause.field));
                clause.isNumber = true;
            }
        } else if (clause.isNumber) {
            return fail(QStringLiteral("%1 takes a quoted string.").arg(clause.field));
        } else if (clause.isNull && clause.field != QLatin1String("metadata")) {
            return fail(QStringLiteral("only metadata['key'] can be searched for null."));
        }
        query.m_clauses.append(clause);

        const bool blank = reader.skipBlanks();
        if (reader.atEnd())
            break;
        QString next = QStringLiteral("AND");
        const qsizetype before = reader.position();
        const QString word = reader.word();
        if (word.compare(QLatin1String("AND"), Qt::CaseInsensitive) == 0
            || word.compare(QLatin1String("OR"), Qt::CaseInsensitive) == 0) {
            if (!blank || !reader.skipBlanks())
                return fail(QStringLiteral("AND and OR stand between blanks."));
            next = word.toUpper();
        } else if (!blank) {
            return fail(QStringLiteral("clauses are separated by blanks, AND or OR."));
        } else {
            // Two clauses side by side mean AND; the word read belongs to the next clause.
            reader.seek(before);
        }
        if (!joiner.isEmpty() && joiner != next)
            return fail(QStringLiteral("AND and OR cannot be mixed in one query."));
        joiner = next;
        if (reader.atEnd())
            return fail(QStringLiteral("the query ends after %1.").arg(next));
    }
    query.m_any = joiner == QLatin1String("OR");
    return query;
}

bool SearchQuery::matches(const QJsonObject &intent) const
{
    for (const Clause &clause : m_clauses) {
        const bool hit = clauseMatches(clause, intent);
        if (m_any && hit)
            return true;
        if (!m_any && !hit)
            return false;
    }
    return !m_any;
}

bool SearchQuery::clauseMatches(const Clause &clause, const QJsonObject &intent) const
{
    bool hit = false;
    if (clause.field == QLatin1String("metadata")) {
        const QJsonValue value = intent.value(QStringLiteral("metadata")).toObject().value(clause.metadataKey);
        hit = clause.isNull ? value.isUndefined()
                            : value.toString().compare(clause.text, Qt::CaseInsensitive) == 0 && !value.isUndefined();
    } else if (clause.isNumber) {
        const qint64 value = intent.value(clause.field).toInteger();
        switch (clause.op) {
        case Op::Equals:
            hit = value == clause.number;
            break;
        case Op::Greater:
            hit = value > clause.number;
            break;
        case Op::GreaterOrEqual:
            hit = value >= clause.number;
            break;
        case Op::Less:
            hit = value < clause.number;
            break;
        case Op::LessOrEqual:
            hit = value <= clause.number;
            break;
        }
    } else {
        const QJsonValue value = intent.value(clause.field);
        hit = value.isString() && value.toString().compare(clause.text, Qt::CaseInsensitive) == 0;
    }
    return hit != clause.negated;
}

} // namespace boxoffice::fakepay
