-- leads: dedupe_key (one lead per e-mail and profile in 24 hours)
-- Leads stored before this step have no key (NULL) and are never matched.

ALTER TABLE leads ADD COLUMN dedupe_key TEXT;

CREATE INDEX leads_dedupe ON leads (dedupe_key, received_at);
