-- When each job last finished without an error, so an operator (and the metrics) can see a job
-- that keeps failing even while it keeps running.
ALTER TABLE job_runs ADD COLUMN IF NOT EXISTS last_succeeded_at timestamptz;
UPDATE job_runs SET last_succeeded_at = last_finished_at WHERE last_error IS NULL;
