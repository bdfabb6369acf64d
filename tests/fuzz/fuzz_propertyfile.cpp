// The hotel and restaurant files (domain/propertyspec.h) on any bytes: never a crash, and what is
// accepted is within the bounds the database is told about: texts without control characters, counts
// and numbers in range, codes unique.

#include "domain/propertyspec.h"
#include "domain/textrules.h"

#include <QSet>

#include <cstdlib>

using namespace boxoffice;

namespace {

void expect(bool holds)
{
    if (!holds)
        std::abort();
}

void checkText(const QString &text, int maxLength)
{
    expect(!text.trimmed().isEmpty() && text.size() <= maxLength && !hasUnshowableCharacters(text));
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    if (const auto hotel = HotelSpec::fromJson(bytes)) {
        checkText(hotel->name, 200);
        expect(hotel->currency.size() == 3);
        expect(hotel->nights >= 1 && hotel->nights <= HotelSpec::maxNights);
        expect(hotel->roomTypes.size() <= HotelSpec::maxRoomTypes);
        QSet<QString> codes;
        for (const RoomTypeSpec &type : hotel->roomTypes) {
            checkText(type.code, 16);
            checkText(type.name, 200);
            expect(!codes.contains(type.code));
            codes.insert(type.code);
            expect(type.rooms >= 0 && type.rooms <= HotelSpec::maxRoomsPerType && type.sellable >= 0);
            expect(type.firstRoomNumber == 0 || type.firstRoomNumber + type.rooms - 1 <= 99999);
            expect(!type.price.isNegative());
            for (const RoomRateSpec &rate : type.rates) {
                checkText(rate.name, 100);
                expect(rate.firstDay >= 0 && rate.firstDay <= rate.lastDay && rate.lastDay < hotel->nights);
                expect(rate.weekdays >= 0 && rate.weekdays < 128 && !rate.price.isNegative());
            }
        }
    }
    if (const auto restaurant = RestaurantSpec::fromJson(bytes)) {
        checkText(restaurant->name, 200);
        expect(restaurant->tables.size() <= RestaurantSpec::maxTables && !restaurant->deposit.isNegative());
        QSet<QString> codes;
        for (const TableSpec &table : restaurant->tables) {
            checkText(table.code, 16);
            expect(!codes.contains(table.code) && table.seats >= 1 && table.seats <= RestaurantSpec::maxSeatsPerTable);
            codes.insert(table.code);
        }
    }
    return 0;
}
