-- leads, clicks and conversions
-- The schema from before there were migrations, byte for byte. IF NOT EXISTS lets this step adopt a
-- database that code made (its tables present, user_version 0): the tables are kept and marked version 1.

CREATE TABLE IF NOT EXISTS leads (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    first_name TEXT NOT NULL, linkedin_url TEXT NOT NULL, email TEXT NOT NULL, submitted_at TEXT NOT NULL,
    received_at INTEGER NOT NULL, delivered_at INTEGER, attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL, last_error TEXT);

CREATE TABLE IF NOT EXISTS clicks (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    ref_code TEXT NOT NULL, user_agent TEXT, referer TEXT, utm_source TEXT, utm_medium TEXT, utm_campaign TEXT, ga_client_id TEXT,
    received_at INTEGER NOT NULL, delivered_at INTEGER, attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL, last_error TEXT);

CREATE TABLE IF NOT EXISTS conversions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id TEXT UNIQUE, ref_code TEXT, ga_client_id TEXT, utm_source TEXT, utm_medium TEXT, utm_campaign TEXT,
    received_at INTEGER NOT NULL);

CREATE INDEX IF NOT EXISTS leads_due ON leads (delivered_at, next_attempt_at);

CREATE INDEX IF NOT EXISTS clicks_due ON clicks (delivered_at, next_attempt_at);
