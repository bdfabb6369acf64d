#include "domain/auditcursor.h"

#include <QVector>

#include <algorithm>

namespace boxoffice {

AuditCursor::AuditCursor(qint64 start, qint64 gapPatienceMs) : m_position(start), m_gapPatienceMs(gapPatienceMs) { }

void AuditCursor::advance(const QVector<qint64> &ids, qint64 nowMs)
{
    for (const qint64 id : ids) {
        if (id > m_position)
            m_seenAhead.insert(id);
    }
    while (m_seenAhead.remove(m_position + 1))
        ++m_position;
    if (m_seenAhead.isEmpty()) {
        m_gapSinceMs = -1;
        return;
    }
    if (m_gapSinceMs < 0 || m_gapPosition != m_position) {
        // a new gap (or the old one closed and a later one is open): its patience starts now
        m_gapSinceMs = nowMs;
        m_gapPosition = m_position;
        return;
    }
    if (nowMs - m_gapSinceMs < m_gapPatienceMs)
        return;
    // The missing ids belong to transactions that rolled back: skip to the next id that exists.
    m_position = *std::min_element(m_seenAhead.cbegin(), m_seenAhead.cend()) - 1;
    while (m_seenAhead.remove(m_position + 1))
        ++m_position;
    m_gapSinceMs = m_seenAhead.isEmpty() ? -1 : nowMs;
    m_gapPosition = m_position;
}

} // namespace boxoffice
