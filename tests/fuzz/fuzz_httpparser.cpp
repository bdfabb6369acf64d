// The HTTP/1.1 request parser (app/web/http) on any bytes: never a crash, never more held than its
// limits allow, and the same outcome whether the bytes arrive at once or in the pieces the input's
// first byte chooses (a request split across TCP segments must mean the same thing).

#include "app/web/http/httprequestparser.h"

#include <cstdlib>

using namespace boxoffice::web::http;

namespace {
struct Outcome
{
    QList<QByteArray> requests; // method, target, body of each request, in order
    int errorStatus = 0;
};

Outcome parse(QByteArrayView bytes, qsizetype piece)
{
    HttpLimits limits;
    limits.maxBodyBytes = 4096; // small, so the fuzzer reaches the limit
    HttpRequestParser parser(limits);
    Outcome outcome;
    qsizetype at = 0;
    while (at < bytes.size() && !parser.hasError()) {
        const qsizetype length = qMin(piece, bytes.size() - at);
        const qsizetype taken = parser.feed(bytes.sliced(at, length));
        if (taken < 0 || taken > length)
            std::abort();
        at += taken;
        if (parser.bufferedBytes() > limits.maxHeaderBytes + limits.maxRequestLineBytes + limits.maxBodyBytes + 4096)
            std::abort(); // held more than its limits allow
        if (parser.hasRequest()) {
            const HttpRequest request = parser.takeRequest();
            if (request.body.size() > limits.maxBodyBytes || request.path.contains(QChar(0)))
                std::abort();
            outcome.requests << request.method + ' ' + request.target + ' ' + request.body;
        } else if (taken == 0 && !parser.hasError()) {
            break; // wants more bytes than there are
        }
    }
    if (parser.hasError())
        outcome.errorStatus = parser.error().status;
    return outcome;
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    const qsizetype piece = 1 + data[0] % 7;
    const QByteArrayView bytes(reinterpret_cast<const char *>(data) + 1, qsizetype(size - 1));
    const Outcome whole = parse(bytes, bytes.size() + 1);
    const Outcome split = parse(bytes, piece);
    if (whole.requests != split.requests || whole.errorStatus != split.errorStatus)
        std::abort();
    return 0;
}
