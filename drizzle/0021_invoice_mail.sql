ALTER TABLE "outbox_messages" DROP CONSTRAINT "outbox_messages_kind_check";--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_kind_check" CHECK ("outbox_messages"."kind" in ('email', 'stripe_credit', 'document_email'));--> statement-breakpoint
-- Hand-written: the invoice e-mail of the billing details gets every invoice and credit note as
-- a PDF (docs/decisions/0013-invoices-and-tax.md). The message is queued here, in the
-- transaction that issues the document, whichever code path does; it holds only the address
-- and the document's id, and the outbox renders the PDF from the stored rows when it sends.
CREATE FUNCTION "queue_invoice_mail"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  address text;
BEGIN
  address := coalesce(NEW."buyer_snapshot"->>'invoiceEmail', '');
  IF address <> '' THEN
    INSERT INTO "outbox_messages" ("kind", "payload") VALUES ('document_email',
      jsonb_build_object('to', address, 'document', jsonb_build_object('kind', 'invoice', 'id', NEW."id")));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "payments_invoice_mail" AFTER INSERT ON "payments"
  FOR EACH ROW EXECUTE FUNCTION "queue_invoice_mail"();--> statement-breakpoint
CREATE FUNCTION "queue_credit_note_mail"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  address text;
BEGIN
  SELECT coalesce(p."buyer_snapshot"->>'invoiceEmail', '') INTO address
    FROM "payments" p WHERE p."id" = NEW."payment_id";
  IF coalesce(address, '') <> '' THEN
    INSERT INTO "outbox_messages" ("kind", "payload") VALUES ('document_email',
      jsonb_build_object('to', address, 'document', jsonb_build_object('kind', 'credit_note', 'id', NEW."id")));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "credit_notes_mail" AFTER INSERT ON "credit_notes"
  FOR EACH ROW EXECUTE FUNCTION "queue_credit_note_mail"();
