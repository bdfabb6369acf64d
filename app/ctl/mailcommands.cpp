#include "commands.h"

#include "domain/jsonvocabulary.h"
#include "domain/maildelivery.h"
#include "storage/pgmailspool.h"

#include <QJsonArray>
#include <QJsonObject>

namespace boxoffice::ctl {

namespace {

QString stateName(SpooledMailStatus::State state)
{
    switch (state) {
    case SpooledMailStatus::State::Waiting:
        return QStringLiteral("waiting");
    case SpooledMailStatus::State::Failing:
        return QStringLiteral("failing");
    case SpooledMailStatus::State::GivenUp:
        return QStringLiteral("given_up");
    }
    return QString();
}

QString utc(const QDateTime &at)
{
    return at.isValid() ? at.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")) : QStringLiteral("-");
}

} // namespace

// mail: what the worker has still to send, is retrying, or gave up (migration 045), newest first.
int runMail(CtlContext &context)
{
    auto connection = context.connect();
    if (!connection)
        return context.fail(connection.error());
    PgMailSpool spool(connection.value()->database());
    auto counts = spool.summary();
    if (!counts)
        return context.fail(counts.error());
    auto mails = spool.unsent(100);
    if (!mails)
        return context.fail(mails.error());

    QJsonArray list;
    QStringList lines;
    lines << QStringLiteral("Mail: %1 waiting, %2 failing (to be tried again), %3 sent, %4 given up.")
                 .arg(counts->waiting)
                 .arg(counts->failing)
                 .arg(counts->sent)
                 .arg(counts->givenUp);
    for (const SpooledMailStatus &mail : mails.value()) {
        list.append(QJsonObject{
            {QStringLiteral("id"), mail.id},
            {QStringLiteral("order"), mail.order > 0 ? QJsonValue(mail.order) : QJsonValue()},
            {QStringLiteral("purpose"), mail.purpose},
            {QStringLiteral("recipient"), mail.recipient},
            {QStringLiteral("subject"), mail.subject},
            {QStringLiteral("state"), stateName(mail.state)},
            {QStringLiteral("attempts"), mail.attempts},
            {QStringLiteral("created_at"), jsonTime(mail.createdAt)},
            {QStringLiteral("next_attempt_at"), jsonTimeOrNull(mail.nextAttemptAt)},
            {QStringLiteral("last_error"), mail.lastError.isEmpty() ? QJsonValue() : QJsonValue(mail.lastError)}});
        const QString about = mail.order > 0 ? QStringLiteral("order %1").arg(mail.order)
                                             : QStringLiteral("account mail (%1)").arg(mail.purpose);
        lines << QStringLiteral("  #%1 %2 to %3: %4, %5 tr%6, next %7%8")
                     .arg(mail.id)
                     .arg(about)
                     .arg(mail.recipient, stateName(mail.state).replace(QLatin1Char('_'), QLatin1Char(' ')))
                     .arg(mail.attempts)
                     .arg(mail.attempts == 1 ? QStringLiteral("y") : QStringLiteral("ies"))
                     .arg(utc(mail.nextAttemptAt),
                          mail.lastError.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(mail.lastError));
    }
    return context.succeed({{QStringLiteral("ok"), true},
                            {QStringLiteral("waiting"), counts->waiting},
                            {QStringLiteral("failing"), counts->failing},
                            {QStringLiteral("sent"), counts->sent},
                            {QStringLiteral("given_up"), counts->givenUp},
                            {QStringLiteral("unsent"), list}},
                           lines.join(QLatin1Char('\n')));
}

} // namespace boxoffice::ctl
