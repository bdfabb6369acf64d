#pragma once

#include <QSet>
#include <QtGlobal>

namespace boxoffice {

// Follows an id-ordered log whose ids are handed out before commit. Ids appear out of order (a
// transaction that took id 41 may commit after the one with 42), so the cursor only moves past an id
// once everything up to it has been seen; a gap is given up after `gapPatienceMs` because a rolled-back
// transaction leaves one for good. Reading from the cursor again may repeat lines: readers apply the
// current state, so a repeat is harmless.
class AuditCursor
{
public:
    explicit AuditCursor(qint64 start = 0, qint64 gapPatienceMs = 3000);

    qint64 position() const { return m_position; }
    // Ids read after position(), ascending, at local monotonic time `nowMs`.
    void advance(const QVector<qint64> &ids, qint64 nowMs);
    bool waitingForGap() const { return !m_seenAhead.isEmpty(); }

private:
    qint64 m_position;
    qint64 m_gapPatienceMs;
    QSet<qint64> m_seenAhead; // seen, but behind a gap
    qint64 m_gapSinceMs = -1; // when the open gap at m_gapPosition was first noticed
    qint64 m_gapPosition = -1;
};

} // namespace boxoffice
