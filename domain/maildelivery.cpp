#include "domain/maildelivery.h"

#include "domain/mailmessage.h"

#include <QRegularExpression>

#include <algorithm>

namespace boxoffice {

MailDelivery::MailDelivery(MailSpoolStore &spool, MailTransport &transport, Options options)
    : m_spool(spool), m_transport(transport), m_options(std::move(options))
{ }

int MailDelivery::retryDelaySeconds(int attempts)
{
    const int doublings = std::clamp(attempts - 1, 0, 7); // 30 s, 1 min, 2 min, ... capped at an hour
    return std::min(30 << doublings, 3600);
}

bool MailDelivery::isAddress(const QString &recipient)
{
    // What the relay is given as RCPT TO: one plain address, nothing a header or a command could hide in.
    static const QRegularExpression address(QStringLiteral("^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9]"
                                                           "([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\\.[A-Za-z0-9]"
                                                           "([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$"));
    return recipient.size() <= 254 && address.match(recipient).hasMatch();
}

Result<MailDeliveryFigures> MailDelivery::deliverDue()
{
    MailDeliveryFigures figures;
    for (int tried = 0; tried < m_options.maxMails; ++tried) {
        auto taken = m_spool.takeDue(m_options.leaseSeconds);
        if (!taken)
            return taken.error();
        if (!taken->has_value())
            break;
        const OutgoingMail mail = **taken;
        if (!isAddress(mail.recipient)) {
            if (auto given = m_spool.giveUp(mail.id, QStringLiteral("The buyer left no e-mail address.")); !given)
                return given.error();
            ++figures.givenUp;
            continue;
        }
        const QByteArray message = composeMailMessage(mail, m_options.from);
        const std::optional<MailRefusal> refused = m_transport.send(m_options.from, mail.recipient, message);
        Status marked = Done{};
        if (!refused) {
            marked = m_spool.markSent(mail.id);
            ++figures.sent;
        } else if (refused->permanent || mail.attempts >= m_options.maxAttempts) {
            marked = m_spool.giveUp(mail.id, refused->message.left(500));
            ++figures.givenUp;
        } else {
            marked = m_spool.retryLater(mail.id, retryDelaySeconds(mail.attempts), refused->message.left(500));
            ++figures.retried;
        }
        if (!marked)
            return marked.error();
    }
    return figures;
}

} // namespace boxoffice
