#pragma once

namespace boxoffice::OutboxSql {

// The relay's reads are plain autocommit SELECTs: no row stays locked while the batch waits for the
// broker. Another relay reading the same rows at the same moment would publish them twice, which the
// issuer shrugs off (it is idempotent by order); the relay's advisory lock keeps that rare.
inline constexpr char unpublished[] = R"SQL(
SELECT id, topic, order_id FROM outbox
WHERE published_at IS NULL AND processed_at IS NULL
ORDER BY id
LIMIT :limit
)SQL";

// Confirmed by the broker long ago and still not processed: the message was lost on the way (a purged
// queue, a deleted one, a broker that lost its disk). Published again; a duplicate is harmless.
inline constexpr char stale[] = R"SQL(
SELECT id, topic, order_id FROM outbox
WHERE processed_at IS NULL AND published_at < now() - make_interval(secs => :after)
ORDER BY id
LIMIT :limit
)SQL";

// Only rows the broker confirmed reach this, and only those still due: a row another relay marked a
// moment ago keeps its time. It may wait for an issuer that holds a row while issuing it (the broker
// can deliver before the relay marks); the issuer never waits for the relay, so that ends as soon as
// the issuer commits.
inline constexpr char markPublished[] = R"SQL(
UPDATE outbox SET published_at = now()
WHERE id = ANY (CAST(:ids AS bigint[]))
  AND (published_at IS NULL OR published_at < now() - make_interval(secs => :after))
)SQL";

// One relay at a time per database (a session lock: it ends with the relay's connection, also when the
// process is killed). The key is arbitrary but fixed.
inline constexpr char tryRelayLock[] = R"SQL(
SELECT pg_try_advisory_lock(CAST(:key AS bigint))
)SQL";

// The backlog in one index-only scan of outbox_unprocessed (migration 048).
inline constexpr char backlog[] = R"SQL(
SELECT count(*) FILTER (WHERE published_at IS NULL),
       count(*),
       COALESCE(extract(epoch FROM now() - min(created_at)), 0)
FROM outbox
WHERE processed_at IS NULL
)SQL";

} // namespace boxoffice::OutboxSql
