-- Trigram search on panel e-mails (admin search at 1M rows). PGlite loads the extension at open.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
