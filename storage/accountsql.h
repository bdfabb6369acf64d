#pragma once

// The web shop's accounts (migration 046). Every statement stands alone; AccountService groups them.
namespace boxoffice::AccountSql {

// A token hash nobody holds: an account signs in by password or session until it asks for an API token.
// ON CONFLICT on the partial unique index: a second account for an address inserts nothing, decided by
// the index even for two sign-ups in the same instant.
inline constexpr char addAccount[] = R"SQL(
INSERT INTO buyers (name, token_hash, email, password_hash)
VALUES (:name, :token_hash, :email, :password_hash)
ON CONFLICT (lower(email)) WHERE password_hash IS NOT NULL DO NOTHING
RETURNING id
)SQL";

inline constexpr char credentials[] = R"SQL(
SELECT id, name, email, email_confirmed_at IS NOT NULL, password_hash
FROM buyers WHERE lower(email) = lower(:email) AND password_hash IS NOT NULL
)SQL";

inline constexpr char account[] = R"SQL(
SELECT id, name, email, email_confirmed_at IS NOT NULL FROM buyers WHERE id = :buyer
)SQL";

inline constexpr char addLinkToken[] = R"SQL(
INSERT INTO buyer_link_tokens (token_hash, buyer_id, purpose, expires_at)
VALUES (:hash, :buyer, :purpose, now() + make_interval(secs => :lifetime))
)SQL";

inline constexpr char useLinkToken[] = R"SQL(
UPDATE buyer_link_tokens SET used_at = now()
WHERE token_hash = :hash AND purpose = :purpose AND used_at IS NULL AND expires_at > now()
RETURNING buyer_id
)SQL";

inline constexpr char confirmEmail[] = R"SQL(
UPDATE buyers SET email_confirmed_at = COALESCE(email_confirmed_at, now())
WHERE id = :buyer AND password_hash IS NOT NULL
)SQL";

// A new password ends every session (a thief's included) and every other reset link.
inline constexpr char setPassword[] = R"SQL(
WITH ended AS (DELETE FROM buyer_sessions WHERE buyer_id = :buyer),
     spent AS (UPDATE buyer_link_tokens SET used_at = now()
               WHERE buyer_id = :buyer AND purpose = 'reset' AND used_at IS NULL)
UPDATE buyers SET password_hash = :password_hash, email_confirmed_at = COALESCE(email_confirmed_at, now())
WHERE id = :buyer AND password_hash IS NOT NULL
)SQL";

inline constexpr char addSession[] = R"SQL(
INSERT INTO buyer_sessions (token_hash, buyer_id, expires_at)
VALUES (:hash, :buyer, now() + make_interval(secs => :lifetime))
)SQL";

inline constexpr char sessionAccount[] = R"SQL(
SELECT b.id, b.name, b.email, b.email_confirmed_at IS NOT NULL
FROM buyer_sessions s JOIN buyers b ON b.id = s.buyer_id
WHERE s.token_hash = :hash AND s.expires_at > now()
)SQL";

inline constexpr char endSession[] = R"SQL(
DELETE FROM buyer_sessions WHERE token_hash = :hash
)SQL";

// Counted and inserted in one statement; two parallel requests may both pass the count, which lets
// one extra mail through at worst: a cap on nuisance, not on money.
inline constexpr char queueMail[] = R"SQL(
INSERT INTO mail_spool (buyer_id, purpose, recipient, subject, body)
SELECT :buyer, :purpose, :recipient, :subject, :body
WHERE (SELECT count(*) FROM mail_spool
       WHERE buyer_id = :buyer AND purpose <> 'order' AND created_at > now() - interval '1 hour') < :per_hour
)SQL";

inline constexpr char setApiTokenHash[] = R"SQL(
UPDATE buyers SET token_hash = :hash WHERE id = :buyer
)SQL";

inline constexpr char purgeExpired[] = R"SQL(
WITH sessions AS (DELETE FROM buyer_sessions WHERE expires_at < now() - interval '1 day' RETURNING 1),
     links AS (DELETE FROM buyer_link_tokens WHERE expires_at < now() - interval '1 day' RETURNING 1)
SELECT (SELECT count(*) FROM sessions) + (SELECT count(*) FROM links)
)SQL";

} // namespace boxoffice::AccountSql
