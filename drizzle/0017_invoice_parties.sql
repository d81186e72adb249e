CREATE TABLE "billing_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"tax_number" text DEFAULT '' NOT NULL,
	"invoice_email" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" integer,
	"payment_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "buyer_snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "seller_snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "billing_profiles" ADD CONSTRAINT "billing_profiles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_number_idx" ON "credit_notes" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_payment_idx" ON "credit_notes" USING btree ("payment_id");--> statement-breakpoint
-- Hand-written: a payment takes a copy of who its invoice is made out to (the billing profile,
-- else the account's company and country) and who issues it (the seller settings the server
-- wrote to app_meta at start), as it is inserted, in its own transaction, whichever code path
-- records it. docs/decisions/0013-invoices-and-tax.md.
CREATE FUNCTION "snapshot_invoice_parties"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."buyer_snapshot" IS NULL AND NEW."user_id" IS NOT NULL THEN
    SELECT jsonb_build_object(
      'name', u."name",
      'email', u."email",
      'companyName', coalesce(nullif(b."company_name", ''), p."company_name", ''),
      'address', coalesce(b."address", ''),
      'country', coalesce(nullif(b."country", ''), p."country", ''),
      'taxNumber', coalesce(b."tax_number", ''),
      'invoiceEmail', coalesce(b."invoice_email", ''))
    INTO NEW."buyer_snapshot"
    FROM "user" u
    LEFT JOIN "billing_profiles" b ON b."user_id" = u."id"
    LEFT JOIN "user_profiles" p ON p."id" = u."id"
    WHERE u."id" = NEW."user_id";
  END IF;
  IF NEW."seller_snapshot" IS NULL THEN
    SELECT "value"::jsonb INTO NEW."seller_snapshot" FROM "app_meta" WHERE "key" = 'invoice_seller';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "payments_invoice_parties" BEFORE INSERT ON "payments"
  FOR EACH ROW EXECUTE FUNCTION "snapshot_invoice_parties"();--> statement-breakpoint
-- Hand-written: a payment that turns refunded gets its credit note in that same transaction,
-- whichever code path refunds it (an admin's approval, the provider's charge.refunded).
CREATE FUNCTION "issue_credit_note"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "credit_notes" ("payment_id", "amount_cents") VALUES (NEW."id", NEW."amount_cents")
    ON CONFLICT ("payment_id") DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "payments_credit_note" AFTER UPDATE OF "status" ON "payments"
  FOR EACH ROW WHEN (OLD."status" = 'completed' AND NEW."status" = 'refunded')
  EXECUTE FUNCTION "issue_credit_note"();--> statement-breakpoint
-- Hand-written: credit note numbers are gap-free like invoice numbers (0007): taken from the
-- 'credit_note' counter as the inserting transaction commits.
CREATE FUNCTION "number_credit_note"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  next_number integer;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "credit_notes" WHERE "id" = NEW."id" AND "number" IS NULL) THEN
    RETURN NULL;
  END IF;
  INSERT INTO "counters" ("name", "value") VALUES ('credit_note', 1)
    ON CONFLICT ("name") DO UPDATE SET "value" = "counters"."value" + 1
    RETURNING "value" INTO next_number;
  UPDATE "credit_notes" SET "number" = next_number WHERE "id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "credit_notes_number" AFTER INSERT ON "credit_notes"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "number_credit_note"();
