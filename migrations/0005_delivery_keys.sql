-- leads and clicks: delivery_key, the Idempotency-Key of every webhook call of the record
-- A random key made when the record is stored names one record wherever its row goes: a restore from a
-- backup, a move from Node to D1, two sites posting to one webhook. Rows stored before this step keep the
-- key they were already sent with, made then from the kind and the row id.

ALTER TABLE leads ADD COLUMN delivery_key TEXT;

UPDATE leads SET delivery_key = 'lead-' || id;

ALTER TABLE clicks ADD COLUMN delivery_key TEXT;

UPDATE clicks SET delivery_key = 'click-' || id;
