#pragma once

// The ErrorReason keys worded by table, one table per area of the product; errortext.cpp asks each area
// in turn. The tables' sentences are English source text marked with QT_TRANSLATE_NOOP("ErrorText", ...),
// so lupdate finds them and the German file words them.

#include "domain/domainerror.h"

#include <QString>

#include <cstddef>

namespace boxoffice::ErrorWording {

struct Wording
{
    const char *reason; // an ErrorReason key
    const char *text; // QT_TRANSLATE_NOOP("ErrorText", "..."), %1, %2, ... filled from DomainError::args
};

// error.reason's sentence from the table, translated and filled from error.args; empty when the table
// does not word that reason, or when the error lacks a value its sentence needs (the code's sentence is
// then shown rather than a sentence with a hole in it).
QString fromTable(const DomainError &error, const Wording *begin, const Wording *end);

template<std::size_t N> QString fromTable(const DomainError &error, const Wording (&table)[N])
{
    return fromTable(error, table, table + N);
}

QString hotelText(const DomainError &error); // stays, the calendar, capacity, holds' time to live
QString frontDeskText(const DomainError &error); // arrivals, departures, overbooked nights, refund cases
QString stayMoneyText(const DomainError &error); // moving a stay and settling its price difference
QString tableText(const DomainError &error); // restaurant tables
QString tillText(const DomainError &error);
QString priceText(const DomainError &error); // price types, comps and house seats
QString guestText(const DomainError &error); // guest profiles and the name a stay is booked in
QString folioText(const DomainError &error); // a stay's folio: charges, voids, settling on departure
QString groupBlockText(const DomainError &error); // group blocks (errortextgroupblocks.cpp)
QString rateText(const DomainError &error); // room rates
QString listsText(const DomainError &error); // the front desk's lists and partner properties
QString roomText(const DomainError &error); // rooms, room assignment and housekeeping

} // namespace boxoffice::ErrorWording
