-- Ticket issuing through RabbitMQ (issue 17): the relay publishes each outbox event to the broker and
-- marks it here once the broker has confirmed it (publisher confirms). NULL: not confirmed yet, so the
-- relay publishes it (again). Without a broker configured nothing sets it: the embedded worker consumes
-- the table itself (SKIP LOCKED) and never looks at this column.
ALTER TABLE outbox ADD COLUMN published_at timestamptz;

-- The relay's batch: what is neither confirmed nor done, oldest first. Partial, so it holds only the
-- few rows in flight however long the table grows.
CREATE INDEX outbox_unpublished ON outbox (id) WHERE published_at IS NULL AND processed_at IS NULL;

-- The backlog gauge (counts and the oldest age, one index-only scan) and the embedded worker's queue,
-- which until now walked the primary key past every event ever processed; also the relay's look for
-- events published long ago and never processed (a purged queue, a lost message).
CREATE INDEX outbox_unprocessed ON outbox (id) INCLUDE (created_at, published_at) WHERE processed_at IS NULL;

-- No grant: boxoffice_clerk reads outbox through a table-level SELECT (migration 005), which covers a
-- column added later; writing stays with the worker's (owner's) login.
