-- When a cycle's Taste & Review window closed by the calendar (7 days after delivery), recorded by
-- the sweep that saw it pass. The member's stage is read at the latest moment their own cycle
-- reached, so a sweep run ahead of the real time (the dev clock) also brings them to Pick Tub.

ALTER TABLE billing_cycles ADD COLUMN review_window_closed_at timestamptz;
