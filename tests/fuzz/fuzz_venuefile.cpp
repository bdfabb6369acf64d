// The venue file (domain/venuespec.h) on any bytes: never a crash, and an accepted venue has as many
// seats as it says, each with a label.

#include "domain/venuespec.h"

#include <cstdlib>

using namespace boxoffice;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const auto venue = VenueSpec::fromJson(QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)));
    if (!venue)
        return 0;
    const int expected = venue->seatCount();
    if (expected < 0 || expected > 200000)
        std::abort(); // the file's limits let through a venue no hall has
    int seen = 0;
    venue->forEachSeat([&seen](const SeatSpec &seat) {
        ++seen;
        if (seat.label.isEmpty())
            std::abort();
    });
    if (seen != expected)
        std::abort();
    return 0;
}
