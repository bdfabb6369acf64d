#include "seatmapcache.h"

#include "domain/bestavailable.h"

#include "apireply.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMutexLocker>

namespace boxoffice::web {

Result<SeatMapSnapshot> SeatMapCache::snapshot(EventId event, SeatMapStore &store)
{
    std::shared_ptr<Entry> entry;
    {
        QMutexLocker lock(&m_mutex);
        entry = m_entries.value(event);
    }
    if (entry) {
        QMutexLocker lock(&entry->mutex);
        if (entry->age.isValid() && entry->age.elapsed() < m_maxAgeMs)
            return entry->snapshot;
    } else {
        // Only events that exist get an entry (a failed read below removes nothing: none was added yet).
        entry = std::make_shared<Entry>();
    }
    QMutexLocker entryLock(&entry->mutex);
    if (entry->age.isValid() && entry->age.elapsed() < m_maxAgeMs)
        return entry->snapshot; // another reader refreshed it while this one waited
    auto map = store.seatMap(event);
    if (!map)
        return map.error();
    auto now = store.serverNow();
    if (!now)
        return now.error();
    auto rendered = render(map.value(), now.value());
    if (!rendered)
        return rendered.error();
    entry->snapshot = rendered.value();
    entry->snapshot.map = std::make_shared<const SeatMap>(map.value());
    entry->snapshot.quality = std::make_shared<const QVector<double>>(seatQuality(map.value()));
    entry->snapshot.serverNow = now.value();
    entry->age.start();
    const SeatMapSnapshot fresh = entry->snapshot;
    entryLock.unlock();
    QMutexLocker lock(&m_mutex);
    m_entries.insert(event, entry);
    return fresh;
}

Result<SeatMapSnapshot> SeatMapCache::render(const SeatMap &map, const QDateTime &serverNow)
{
    QJsonArray sections;
    for (const SeatMapSection &section : map.sections)
        sections.append(QJsonObject{{QStringLiteral("code"), section.code}, {QStringLiteral("name"), section.name}});
    QJsonArray bands;
    for (const SeatMapBand &band : map.bands)
        bands.append(QJsonObject{{QStringLiteral("code"), band.code},
                                 {QStringLiteral("name"), band.name},
                                 {QStringLiteral("price"), band.price.minor()}});
    QJsonArray seats;
    for (const SeatMapSeat &seat : map.seats) {
        const bool knownSection = seat.section >= 0 && seat.section < map.sections.size();
        const bool knownBand = seat.band >= 0 && seat.band < map.bands.size();
        if (!knownSection || !knownBand) {
            DomainError error = makeError(ErrorCode::Internal, QStringLiteral("The seat map is inconsistent."));
            error.detail
                = QStringLiteral("seat %1 has section %2 band %3").arg(seat.unit).arg(seat.section).arg(seat.band);
            return error;
        }
        QString state = QStringLiteral("sold");
        if (seatIsFree(seat.state, seat.holdExpiresAt, serverNow))
            state = QStringLiteral("available");
        else if (seat.state == SeatState::Held)
            state = QStringLiteral("held");
        seats.append(QJsonObject{{QStringLiteral("id"), seat.unit},
                                 {QStringLiteral("label"), seat.label},
                                 {QStringLiteral("section"), map.sections.at(seat.section).code},
                                 {QStringLiteral("row"), seat.row},
                                 {QStringLiteral("number"), seat.number},
                                 {QStringLiteral("x"), seat.x},
                                 {QStringLiteral("y"), seat.y},
                                 {QStringLiteral("band"), map.bands.at(seat.band).code},
                                 {QStringLiteral("price"), map.bands.at(seat.band).price.minor()},
                                 {QStringLiteral("state"), state}});
    }
    const QJsonObject document{{QStringLiteral("event"), map.event.id},
                               {QStringLiteral("name"), map.event.name},
                               {QStringLiteral("currency"), map.event.currency},
                               {QStringLiteral("sections"), sections},
                               {QStringLiteral("bands"), bands},
                               {QStringLiteral("seats"), seats}};
    SeatMapSnapshot snapshot;
    snapshot.body = QJsonDocument(document).toJson(QJsonDocument::Compact);
    // The ETag covers what is served, so it changes exactly when a buyer would see a difference.
    snapshot.etag = '"' + QCryptographicHash::hash(snapshot.body, QCryptographicHash::Sha256).toHex().left(32) + '"';
    return snapshot;
}

} // namespace boxoffice::web
