-- health_probe: the one row the health check writes while the store's writes fail, to see them succeed again

CREATE TABLE health_probe (id INTEGER PRIMARY KEY CHECK (id = 1), written_at INTEGER NOT NULL, filler BLOB NOT NULL);
