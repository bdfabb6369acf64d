-- Sending the spooled mail (issue 16): the worker takes a due mail with a lease, sends it over SMTP
-- with no transaction open, then marks it sent; a relay that failed is tried again later, and a mail
-- nobody can deliver is given up with the reason. A crash between the relay's acceptance and the mark
-- sends the mail again once the lease ends (at least once; each mail keeps one Message-ID, so a
-- receiver can tell a repeat).

ALTER TABLE mail_spool
    ADD COLUMN attempts        integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    -- Not before then: a failed mail's next try, or the lease of the worker sending it now.
    ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now(),
    ADD COLUMN last_error      text CHECK (last_error IS NULL OR length(last_error) <= 500),
    ADD COLUMN given_up_at     timestamptz,
    ADD CONSTRAINT mail_spool_sent_or_given_up CHECK (sent_at IS NULL OR given_up_at IS NULL);

CREATE INDEX mail_spool_due ON mail_spool (next_attempt_at, id) WHERE sent_at IS NULL AND given_up_at IS NULL;

GRANT SELECT (attempts, next_attempt_at, last_error, given_up_at) ON mail_spool TO boxoffice_clerk;
