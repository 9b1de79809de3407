-- One row per time-driven job: several API processes claim a period here, so each job runs once
-- per period whichever process gets there first; the operator sees when it last ran and how it ended.
CREATE TABLE IF NOT EXISTS job_runs (
  name text PRIMARY KEY,
  last_started_at timestamptz NOT NULL,
  last_finished_at timestamptz,
  last_error text,
  runs integer NOT NULL DEFAULT 0,
  failures integer NOT NULL DEFAULT 0
);
