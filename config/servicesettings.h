#pragma once

#include "domain/result.h"

#include <QByteArray>
#include <QString>
#include <QUrl>

namespace boxoffice {

// What boxoffice-web, the worker and boxoffice-ctl need to reach other services, secrets included: the
// payment provider's URL and keys, the webhook secret, the message broker. Read from one INI file that
// only its owner may read (like ~/.pgpass), then the environment, which wins; never from the command
// line, where every user of the machine can read a process's arguments.
//
//   [provider]
//   url=https://api.stripe.com
//   secret_key=sk_live_...
//   publishable_key=pk_live_...
//   webhook_secret=whsec_...
//   timeout_ms=10000
//   public_url=https://api.stripe.com      ; where buyers' browsers send cards, if not url
//   [amqp]
//   url=amqp://boxoffice:secret@127.0.0.1:5672/%2F
//
// Environment: BOXOFFICE_PAYMENT_URL, BOXOFFICE_PAYMENT_KEY, BOXOFFICE_PAYMENT_PUBLISHABLE_KEY,
// BOXOFFICE_WEBHOOK_SECRET, BOXOFFICE_AMQP_URL.
struct ServiceSettings
{
    QUrl providerUrl;
    QByteArray providerSecretKey;
    QByteArray providerPublishableKey;
    QByteArray webhookSecret;
    int providerTimeoutMs = 0; // 0: the client's own default
    QUrl providerPublicUrl;
    QUrl amqpUrl;
    QString file; // where they were read from; empty when there was no file

    bool hasProvider() const { return !providerUrl.isEmpty(); }

    // `path`: from --settings. Empty: BOXOFFICE_SETTINGS, else the first of
    // ~/.config/boxoffice/service.conf and /etc/boxoffice/service.conf that exists, else none (the
    // environment alone). A named file that is missing, unreadable, readable or writable by group or
    // others (while holding a secret), or holding a value that cannot be right is an error that says so.
    static Result<ServiceSettings> load(const QString &path);
    static QStringList defaultPaths();
};

} // namespace boxoffice
