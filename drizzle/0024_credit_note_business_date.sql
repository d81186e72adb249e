-- Hand-written: a credit note is dated at the moment its payment turned refunded, which every
-- refund path stamps on the payment (updated_at) from the business clock, rather than by the
-- database's own clock: under the sandbox clock (docs/decisions/0016-sandbox-clock.md) the two
-- differ, and a note dated before the invoice it credits would read wrong. A statement that
-- refunds without stamping the payment keeps the database's time, as before.
CREATE OR REPLACE FUNCTION "issue_credit_note"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "credit_notes" ("payment_id", "amount_cents", "created_at")
    VALUES (
      NEW."id",
      NEW."amount_cents",
      CASE WHEN NEW."updated_at" IS DISTINCT FROM OLD."updated_at" THEN NEW."updated_at" ELSE now() END
    )
    ON CONFLICT ("payment_id") DO NOTHING;
  RETURN NULL;
END
$$;
