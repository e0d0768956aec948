-- rate_limits: request counts per client and window, shared by every server process

CREATE TABLE rate_limits (key TEXT PRIMARY KEY, window_start INTEGER NOT NULL, count INTEGER NOT NULL) WITHOUT ROWID;

CREATE INDEX rate_limits_age ON rate_limits (window_start);
