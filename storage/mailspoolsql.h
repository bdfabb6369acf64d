#pragma once

namespace boxoffice::MailSpoolSql {

// One statement in autocommit: the row is locked only while it is leased (SKIP LOCKED: two workers
// never wait for each other nor take the same mail), and the lease itself is the next_attempt_at it
// sets, so nothing stays locked while the mail is sent.
inline constexpr char takeDue[] = R"SQL(
UPDATE mail_spool m
SET attempts = m.attempts + 1, next_attempt_at = now() + make_interval(secs => :lease)
WHERE m.id = (SELECT d.id FROM mail_spool d
              WHERE d.sent_at IS NULL AND d.given_up_at IS NULL AND d.next_attempt_at <= now()
              ORDER BY d.next_attempt_at, d.id
              LIMIT 1
              FOR UPDATE SKIP LOCKED)
RETURNING m.id, m.order_id, m.recipient, m.subject, m.body, m.attachment, m.attempts
)SQL";

// Each only while the mail is still waiting: a mark never undoes another's.
inline constexpr char markSent[] = R"SQL(
UPDATE mail_spool SET sent_at = now(), last_error = NULL
WHERE id = :id AND sent_at IS NULL AND given_up_at IS NULL
)SQL";

inline constexpr char retryLater[] = R"SQL(
UPDATE mail_spool SET next_attempt_at = now() + make_interval(secs => :after), last_error = :error
WHERE id = :id AND sent_at IS NULL AND given_up_at IS NULL
)SQL";

inline constexpr char giveUp[] = R"SQL(
UPDATE mail_spool SET given_up_at = now(), last_error = :reason
WHERE id = :id AND sent_at IS NULL AND given_up_at IS NULL
)SQL";

inline constexpr char summary[] = R"SQL(
SELECT count(*) FILTER (WHERE sent_at IS NULL AND given_up_at IS NULL AND last_error IS NULL),
       count(*) FILTER (WHERE sent_at IS NULL AND given_up_at IS NULL AND last_error IS NOT NULL),
       count(*) FILTER (WHERE sent_at IS NOT NULL),
       count(*) FILTER (WHERE given_up_at IS NOT NULL)
FROM mail_spool
)SQL";

inline constexpr char unsent[] = R"SQL(
SELECT id, order_id, recipient, subject, attempts, given_up_at IS NOT NULL, last_error,
       CAST(extract(epoch FROM created_at) * 1000 AS bigint),
       CAST(extract(epoch FROM next_attempt_at) * 1000 AS bigint), purpose
FROM mail_spool
WHERE sent_at IS NULL
ORDER BY id DESC
LIMIT :limit
)SQL";

} // namespace boxoffice::MailSpoolSql
