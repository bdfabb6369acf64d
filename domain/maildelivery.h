#pragma once

#include "domain/ids.h"
#include "domain/result.h"

#include <QByteArray>
#include <QDateTime>
#include <QString>
#include <QVector>

#include <optional>

namespace boxoffice {

// A confirmation mail as spooled with its order (migration 007), taken for sending.
struct OutgoingMail
{
    qint64 id = 0;
    OrderId order = 0;
    QString recipient; // an address, or whatever the order knew of its buyer (a name) when it had none
    QString subject;
    QString body; // plain text
    QByteArray attachment; // the tickets' PDF, or empty
    int attempts = 0; // counting this one
};

// One spooled mail as an operator sees it (no text, no attachment).
struct SpooledMailStatus
{
    enum class State { Waiting, Failing, GivenUp }; // not sent: a sent mail is only counted
    qint64 id = 0;
    OrderId order = 0; // 0: an account's mail (a confirmation link, a password reset)
    QString purpose; // "order", "confirm", "reset", "account-exists" (migration 046)
    QString recipient;
    QString subject;
    State state = State::Waiting;
    int attempts = 0;
    QDateTime createdAt;
    QDateTime nextAttemptAt; // for a mail not sent nor given up
    QDateTime sentAt;
    QString lastError;
};

struct MailSpoolSummary
{
    int waiting = 0; // never tried, or leased now
    int failing = 0; // tried, to be tried again
    int sent = 0;
    int givenUp = 0;
};

// The spool (migration 045). A mail taken is leased: nobody else takes it before `leaseSeconds`, and
// no transaction stays open while it is sent.
class MailSpoolStore
{
public:
    virtual ~MailSpoolStore() = default;
    // The oldest mail due (not sent, not given up, its time come), leased; nothing when none is due.
    virtual Result<std::optional<OutgoingMail>> takeDue(int leaseSeconds) = 0;
    virtual Status markSent(qint64 mail) = 0;
    virtual Status retryLater(qint64 mail, int afterSeconds, const QString &error) = 0;
    virtual Status giveUp(qint64 mail, const QString &reason) = 0;
    // The counts by state, and the mails not sent (waiting, failing, given up), newest first, at most `limit`.
    virtual Result<MailSpoolSummary> summary() = 0;
    virtual Result<QVector<SpooledMailStatus>> unsent(int limit) = 0;
};

// How a relay refused a mail: for now (try again later) or for good (the address does not exist).
struct MailRefusal
{
    bool permanent = false;
    QString message;
};

// Hands one composed message to a mail relay (SMTP). No database work may be open meanwhile.
class MailTransport
{
public:
    virtual ~MailTransport() = default;
    // `message` is the whole RFC 5322 message, CRLF line ends.
    virtual std::optional<MailRefusal> send(const QString &from, const QString &recipient, const QByteArray &message)
        = 0;
};

struct MailDeliveryFigures
{
    int sent = 0;
    int retried = 0; // the relay failed for now: tried again later
    int givenUp = 0; // no address, refused for good, or out of attempts
};

// Sends the spooled mail that is due, one at a time, until none is due or `maxMails` were tried:
// taken with a lease, composed, sent with nothing locked, then marked. A relay that fails for now
// gets the mail again later (30 s, doubling, at most an hour apart); after `maxAttempts` tries, or a
// refusal for good, or a recipient that is not an address, the mail is given up with its reason.
class MailDelivery
{
public:
    struct Options
    {
        QString from; // "Box Office <boxoffice@example.org>"
        int leaseSeconds = 300; // longer than one SMTP exchange can take
        int maxAttempts = 10;
        int maxMails = 1000;
    };

    MailDelivery(MailSpoolStore &spool, MailTransport &transport, Options options);

    // The figures of this pass; an error only when the spool itself failed (what was done stays done).
    Result<MailDeliveryFigures> deliverDue();

    static int retryDelaySeconds(int attempts);
    static bool isAddress(const QString &recipient);

private:
    MailSpoolStore &m_spool;
    MailTransport &m_transport;
    const Options m_options;
};

} // namespace boxoffice
