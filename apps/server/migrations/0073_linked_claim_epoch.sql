-- Issue 20 follow-up: a linked number's send claim carries the lease epoch of the process that
-- took it (wabasic_leases.epoch). A claim of an older epoch than the owner's belongs to a process
-- that lost the number: the new owner settles it at once as "Sending interrupted" (never sent
-- again) instead of waiting for it to look stale. NULL: claimed before this migration; those
-- keep the old rule (in doubt once 'sending' for 90 s).
ALTER TABLE linked_send_claims ADD COLUMN epoch bigint;
