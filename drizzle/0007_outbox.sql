CREATE TABLE "counters" (
	"name" text PRIMARY KEY NOT NULL,
	"value" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbox_messages_kind_check" CHECK ("outbox_messages"."kind" in ('email')),
	CONSTRAINT "outbox_messages_status_check" CHECK ("outbox_messages"."status" in ('pending', 'sent', 'dead')),
	CONSTRAINT "outbox_messages_attempts_check" CHECK ("outbox_messages"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "invoice_number" integer;--> statement-breakpoint
-- Hand-written: invoices already issued keep the number they were issued with (their payment id);
-- the counter continues after the highest, and numbers are gap-free from here on.
UPDATE "payments" SET "invoice_number" = "id";--> statement-breakpoint
INSERT INTO "counters" ("name", "value") SELECT 'invoice', coalesce(max("id"), 0)::integer FROM "payments";--> statement-breakpoint
-- Hand-written: every payment row gets the next invoice number as its transaction commits
-- (deferred), so numbers follow commit order, a rolled-back payment takes none, and the counter
-- row is locked only while the commit finishes. A row given a number explicitly keeps it.
CREATE FUNCTION "number_invoice"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  next_number integer;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "payments" WHERE "id" = NEW."id" AND "invoice_number" IS NULL) THEN
    RETURN NULL;
  END IF;
  INSERT INTO "counters" ("name", "value") VALUES ('invoice', 1)
    ON CONFLICT ("name") DO UPDATE SET "value" = "counters"."value" + 1
    RETURNING "value" INTO next_number;
  UPDATE "payments" SET "invoice_number" = next_number WHERE "id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "payments_invoice_number" AFTER INSERT ON "payments"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "number_invoice"();--> statement-breakpoint
CREATE INDEX "outbox_messages_due_idx" ON "outbox_messages" USING btree ("next_attempt_at","id") WHERE "outbox_messages"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "outbox_messages_sent_idx" ON "outbox_messages" USING btree ("sent_at") WHERE "outbox_messages"."status" = 'sent';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_invoice_number_idx" ON "payments" USING btree ("invoice_number");