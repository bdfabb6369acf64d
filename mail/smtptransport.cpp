#include "mail/smtptransport.h"

#include "domain/mailmessage.h"
#include "mail/maillogging.h"

#include <QHostAddress>
#include <QUrl>

#include <curl/curl.h>

#include <cstring>
#include <memory>
#include <mutex>

namespace boxoffice {

namespace {

struct Upload
{
    const QByteArray &data;
    qsizetype offset = 0;
};

size_t readMessage(char *buffer, size_t size, size_t count, void *userData)
{
    auto *upload = static_cast<Upload *>(userData);
    const size_t room = size * count;
    const size_t left = size_t(upload->data.size() - upload->offset);
    const size_t take = left < room ? left : room;
    std::memcpy(buffer, upload->data.constData() + upload->offset, take);
    upload->offset += qsizetype(take);
    return take;
}

struct CurlDeleter
{
    void operator()(CURL *handle) const { curl_easy_cleanup(handle); }
};
struct ListDeleter
{
    void operator()(curl_slist *list) const { curl_slist_free_all(list); }
};

} // namespace

SmtpTransport::SmtpTransport(SmtpSettings settings) : m_settings(std::move(settings))
{
    static std::once_flag initialised;
    std::call_once(initialised, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

std::optional<MailRefusal> SmtpTransport::send(const QString &from, const QString &recipient, const QByteArray &message)
{
    std::unique_ptr<CURL, CurlDeleter> curl(curl_easy_init());
    if (!curl)
        return MailRefusal{false, QStringLiteral("libcurl could not start a transfer.")};
    const QByteArray url = m_settings.url.toUtf8();
    const QByteArray sender = "<" + bareAddress(from).toUtf8() + ">";
    const QByteArray rcpt = "<" + recipient.toUtf8() + ">";
    const QByteArray user = m_settings.user.toUtf8();
    const QByteArray password = m_settings.password.toUtf8();
    std::unique_ptr<curl_slist, ListDeleter> recipients(curl_slist_append(nullptr, rcpt.constData()));
    Upload upload{message};
    char errors[CURL_ERROR_SIZE] = {};

    CURL *handle = curl.get();
    curl_easy_setopt(handle, CURLOPT_URL, url.constData());
    curl_easy_setopt(handle, CURLOPT_MAIL_FROM, sender.constData());
    curl_easy_setopt(handle, CURLOPT_MAIL_RCPT, recipients.get());
    curl_easy_setopt(handle, CURLOPT_UPLOAD, 1L);
    curl_easy_setopt(handle, CURLOPT_READFUNCTION, readMessage);
    curl_easy_setopt(handle, CURLOPT_READDATA, &upload);
    // A password never crosses the network in the clear: with a sign-in, TLS is required unless the
    // relay is on this machine.
    const QString host = QUrl(m_settings.url).host();
    const bool loopback = host == QLatin1String("localhost") || QHostAddress(host).isLoopback();
    const bool tlsRequired = m_settings.requireTls || (!user.isEmpty() && !loopback);
    curl_easy_setopt(handle, CURLOPT_USE_SSL, long(tlsRequired ? CURLUSESSL_ALL : CURLUSESSL_TRY));
    curl_easy_setopt(handle, CURLOPT_CONNECTTIMEOUT, long(m_settings.timeoutSeconds));
    curl_easy_setopt(handle, CURLOPT_TIMEOUT, long(m_settings.timeoutSeconds * 4));
    curl_easy_setopt(handle, CURLOPT_NOSIGNAL, 1L); // no SIGALRM in a threaded program
    curl_easy_setopt(handle, CURLOPT_ERRORBUFFER, errors);
    if (!user.isEmpty()) {
        curl_easy_setopt(handle, CURLOPT_USERNAME, user.constData());
        curl_easy_setopt(handle, CURLOPT_PASSWORD, password.constData());
    }

    const CURLcode result = curl_easy_perform(handle);
    if (result == CURLE_OK) {
        qCDebug(lcMail) << "sent" << message.size() << "bytes to" << recipient;
        return std::nullopt;
    }
    long reply = 0;
    curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &reply);
    const QString detail = QString::fromUtf8(errors[0] ? errors : curl_easy_strerror(result));
    const bool permanent = reply >= 500 && reply < 600 && result != CURLE_LOGIN_DENIED;
    const QString words = reply > 0 ? QStringLiteral("The mail relay answered %1: %2").arg(reply).arg(detail)
                                    : QStringLiteral("The mail relay could not be reached: %1").arg(detail);
    qCInfo(lcMail).noquote() << words;
    return MailRefusal{permanent, words};
}

} // namespace boxoffice
