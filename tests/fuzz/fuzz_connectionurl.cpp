// The database connection URL (storage/connectionsettings.h) on any text: never a crash, and what it
// accepts describes itself without the password and reads back the same.

#include "storage/connectionsettings.h"

#include <QUrl>

#include <cstdlib>

using namespace boxoffice;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString url = QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));
    const auto settings = ConnectionSettings::fromUrl(url);
    if (!settings)
        return 0;
    ConnectionSettings otherPassword = *settings;
    otherPassword.password = settings->password + QStringLiteral("x");
    if (otherPassword.describe() != settings->describe())
        std::abort(); // the password shows in a log line
    const auto again = ConnectionSettings::fromUrl(settings->toUrl(true));
    // A host comes back in the URL's normal spelling (lower case, "0" as 0.0.0.0, IPv6 shortened).
    const auto normal = [](const QString &host) {
        QUrl url;
        url.setHost(host);
        return url.host().isEmpty() ? host : url.host();
    };
    const bool sameHost = again && normal(again->host) == normal(settings->host);
    if (!again || !sameHost || again->port != settings->port || again->database != settings->database
        || again->user != settings->user || again->password != settings->password)
        std::abort(); // written out, it means something else
    (void)settings->connectOptions();
    return 0;
}
