// The payment webhook's signature check and event reading (domain/payments.h) on any header and
// body: never a crash, a signature made with the secret always verifies, and nothing else with a
// made-up v1 does.

#include "domain/payments.h"

#include <cstdlib>

using namespace boxoffice;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input(reinterpret_cast<const char *>(data), qsizetype(size));
    const qsizetype split = input.indexOf('\n');
    const QByteArray header = split < 0 ? input : input.left(split);
    const QByteArray body = split < 0 ? QByteArray() : input.mid(split + 1);
    const QByteArray secret = "whsec_fuzz";
    const QDateTime now = QDateTime::fromSecsSinceEpoch(1764432000, Qt::UTC);

    (void)WebhookSignature::verify({body, header}, secret, now);
    (void)WebhookSignature::parseEvent(body);

    const QByteArray signedHeader = WebhookSignature::sign(body, secret, now.toSecsSinceEpoch());
    if (!WebhookSignature::verify({body, signedHeader}, secret, now).ok())
        std::abort(); // our own signature refused
    if (!header.contains(signedHeader.mid(signedHeader.indexOf("v1=") + 3))
        && WebhookSignature::verify({body, header}, secret, now).ok())
        std::abort(); // accepted without the right signature anywhere in it
    return 0;
}
