#include "payments/providerretry.h"

#include "payments/paymentslogging.h"

#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QThread>

#include <algorithm>

namespace boxoffice {

namespace {
constexpr int firstDelayMs = 300;
constexpr int maxDelayMs = 5000;
} // namespace

bool worthRetrying(const HttpAnswer &answer)
{
    if (answer.status == 0)
        return answer.connectionRefused;
    const QByteArray shouldRetry = answer.header("Stripe-Should-Retry");
    if (shouldRetry == "false")
        return false;
    if (shouldRetry == "true")
        return true;
    return answer.status == 409 || answer.status == 429 || answer.status >= 500;
}

int retryDelayMs(int attempt, const HttpAnswer &answer)
{
    bool ok = false;
    const int retryAfterSeconds = answer.header("Retry-After").trimmed().toInt(&ok);
    if (ok && retryAfterSeconds >= 0)
        return std::min(retryAfterSeconds * 1000, maxDelayMs);
    const int exponential = std::min(firstDelayMs << std::min(attempt - 2, 4), maxDelayMs);
    // Half to all of it: many terminals refused at once must not all come back in the same instant.
    return exponential / 2 + int(QRandomGenerator::global()->bounded(exponential / 2 + 1));
}

HttpAnswer exchangeWithRetries(const HttpExchange &exchange, int maxAttempts)
{
    QElapsedTimer elapsed;
    elapsed.start();
    HttpAnswer answer = exchangeBlocking(exchange);
    for (int attempt = 2; attempt <= maxAttempts && worthRetrying(answer); ++attempt) {
        const int delay = retryDelayMs(attempt, answer);
        // A caller's deadline (the saga's send window) assumes about one timeout per call.
        if (elapsed.elapsed() + delay > exchange.timeoutMs)
            break;
        qCInfo(lcPayments).noquote() << exchange.method << exchange.url.path() << "answered"
                                     << (answer.status ? QString::number(answer.status) : answer.networkError)
                                     << "- trying again in" << delay << "ms";
        QThread::msleep(delay);
        answer = exchangeBlocking(exchange);
    }
    return answer;
}

} // namespace boxoffice
