-- leads: email_key and client_key (privacy requests); clicks and conversions by age (retention)
-- SQL cannot compute a key (NFKC): on Node the store fills the keys of leads stored before this step
-- (Store.open, fillEmailKeys). A D1 database starts at this schema, every lead stored with its key, so has none to fill.
-- client_key is set only for the rate limits' longest window, so the index holds the last hour's leads.

ALTER TABLE leads ADD COLUMN email_key TEXT;

CREATE INDEX leads_email_key ON leads (email_key);

ALTER TABLE leads ADD COLUMN client_key TEXT;

CREATE INDEX leads_client_age ON leads (received_at) WHERE client_key IS NOT NULL;

CREATE INDEX clicks_delivered_age ON clicks (received_at) WHERE delivered_at IS NOT NULL;

CREATE INDEX conversions_age ON conversions (received_at);
