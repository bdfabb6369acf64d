#pragma once

#include "domain/buyeraccounts.h"

namespace boxoffice {

struct AccountMailText
{
    QString subject;
    QString body;
};

// The account mails in words for the buyer. The link's token travels in the fragment (after '#'): a
// browser never sends it to a server, so it is in no access log and no Referer header.
AccountMailText accountMailText(AccountMail purpose, const AccountIdentity &identity, const AccountSettings &settings,
                                const QString &linkToken, int linkLifetimeSeconds);

} // namespace boxoffice
