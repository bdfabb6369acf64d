#include "storage/pgmailspool.h"

#include "storage/mailspoolsql.h"

namespace boxoffice {

namespace {

// A relay's or a library's words, kept for the operator: one line, no control character (the driver
// sends values as quoted literals, and a NUL would cut the statement).
QString storable(const QString &text)
{
    QString clean = text;
    for (QChar &c : clean) {
        if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            c = QLatin1Char(' ');
    }
    return clean.simplified().left(500);
}

} // namespace

PgMailSpool::PgMailSpool(QSqlDatabase database) : m_statements(std::move(database)) { }

Result<std::optional<OutgoingMail>> PgMailSpool::takeDue(int leaseSeconds)
{
    auto query = m_statements.exec(MailSpoolSql::takeDue, QStringLiteral("taking a mail to send"),
                                   {{QStringLiteral(":lease"), leaseSeconds}});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    if (!q.next()) {
        q.finish();
        return std::optional<OutgoingMail>{};
    }
    OutgoingMail mail;
    mail.id = q.value(0).toLongLong();
    mail.order = q.value(1).toLongLong();
    mail.recipient = q.value(2).toString();
    mail.subject = q.value(3).toString();
    mail.body = q.value(4).toString();
    mail.attachment = q.value(5).toByteArray();
    mail.attempts = q.value(6).toInt();
    q.finish();
    return std::optional<OutgoingMail>(mail);
}

Status PgMailSpool::run(const char *sql, const QString &context, PreparedStatements::Bindings bindings)
{
    auto query = m_statements.exec(sql, context, bindings);
    if (!query)
        return query.error();
    query.value()->finish();
    return Done{};
}

Status PgMailSpool::markSent(qint64 mail)
{
    return run(MailSpoolSql::markSent, QStringLiteral("marking a mail sent"), {{QStringLiteral(":id"), mail}});
}

Status PgMailSpool::retryLater(qint64 mail, int afterSeconds, const QString &error)
{
    return run(MailSpoolSql::retryLater, QStringLiteral("putting a mail off"),
               {{QStringLiteral(":id"), mail},
                {QStringLiteral(":after"), afterSeconds},
                {QStringLiteral(":error"), storable(error)}});
}

Status PgMailSpool::giveUp(qint64 mail, const QString &reason)
{
    return run(MailSpoolSql::giveUp, QStringLiteral("giving a mail up"),
               {{QStringLiteral(":id"), mail}, {QStringLiteral(":reason"), storable(reason)}});
}

Result<MailSpoolSummary> PgMailSpool::summary()
{
    auto query = m_statements.exec(MailSpoolSql::summary, QStringLiteral("counting the mail spool"), {});
    if (!query)
        return query.error();
    QSqlQuery &q = *query.value();
    MailSpoolSummary counts;
    if (q.next()) {
        counts.waiting = q.value(0).toInt();
        counts.failing = q.value(1).toInt();
        counts.sent = q.value(2).toInt();
        counts.givenUp = q.value(3).toInt();
    }
    q.finish();
    return counts;
}

Result<QVector<SpooledMailStatus>> PgMailSpool::unsent(int limit)
{
    auto query = m_statements.exec(MailSpoolSql::unsent, QStringLiteral("listing the mail not sent"),
                                   {{QStringLiteral(":limit"), limit}});
    if (!query)
        return query.error();
    QVector<SpooledMailStatus> mails;
    for (QSqlQuery &q = *query.value(); q.next();) {
        SpooledMailStatus mail;
        mail.id = q.value(0).toLongLong();
        mail.order = q.value(1).toLongLong();
        mail.recipient = q.value(2).toString();
        mail.subject = q.value(3).toString();
        mail.purpose = q.value(9).toString();
        mail.attempts = q.value(4).toInt();
        mail.lastError = q.value(6).toString();
        mail.state = q.value(5).toBool() ? SpooledMailStatus::State::GivenUp
            : mail.lastError.isEmpty()   ? SpooledMailStatus::State::Waiting
                                         : SpooledMailStatus::State::Failing;
        mail.createdAt = QDateTime::fromMSecsSinceEpoch(q.value(7).toLongLong(), Qt::UTC);
        if (mail.state != SpooledMailStatus::State::GivenUp)
            mail.nextAttemptAt = QDateTime::fromMSecsSinceEpoch(q.value(8).toLongLong(), Qt::UTC);
        mails << mail;
    }
    query.value()->finish();
    return mails;
}

} // namespace boxoffice
