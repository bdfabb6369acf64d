#include "domain/accountmail.h"

namespace boxoffice {

namespace {

QString lifetimeInWords(int seconds)
{
    if (seconds % 3600 == 0)
        return seconds == 3600 ? QStringLiteral("one hour") : QStringLiteral("%1 hours").arg(seconds / 3600);
    return QStringLiteral("%1 minutes").arg(qMax(1, seconds / 60));
}

QString shopLink(const AccountSettings &settings, const QString &fragment)
{
    QString base = settings.publicUrl;
    while (base.endsWith(QLatin1Char('/')))
        base.chop(1);
    return base + QStringLiteral("/#") + fragment;
}

} // namespace

AccountMailText accountMailText(AccountMail purpose, const AccountIdentity &identity, const AccountSettings &settings,
                                const QString &linkToken, int linkLifetimeSeconds)
{
    const QString greeting = QStringLiteral("Hello %1,\n\n").arg(identity.buyer.name);
    const QString signature = QStringLiteral("\n\n%1\n").arg(settings.shopName);
    switch (purpose) {
    case AccountMail::Confirm:
        return {
            QStringLiteral("Confirm your address for %1").arg(settings.shopName),
            greeting
                + QStringLiteral("please confirm that this is your address by opening this link within %1:\n\n%2\n\n"
                                 "If you did not sign up, ignore this mail: nothing happens without the link.")
                      .arg(lifetimeInWords(linkLifetimeSeconds),
                           shopLink(settings, QStringLiteral("confirm=") + linkToken))
                + signature};
    case AccountMail::Reset:
        return {
            QStringLiteral("Set a new password for %1").arg(settings.shopName),
            greeting
                + QStringLiteral("someone asked to set a new password for your account. If it was you, open this "
                                 "link within %1:\n\n%2\n\nIf it was not you, ignore this mail: your password stays "
                                 "as it is.")
                      .arg(lifetimeInWords(linkLifetimeSeconds),
                           shopLink(settings, QStringLiteral("reset=") + linkToken))
                + signature};
    case AccountMail::AccountExists:
        return {
            QStringLiteral("You already have an account at %1").arg(settings.shopName),
            greeting
                + QStringLiteral("someone tried to sign up with this address, which already has an account. To sign "
                                 "in, go to %1. If you forgot your password, ask for a new one there with "
                                 "\"Forgot your password?\".\n\nIf it was not you, ignore this mail: nothing changed.")
                      .arg(shopLink(settings, QStringLiteral("signin")))
                + signature};
    }
    return {};
}

} // namespace boxoffice
