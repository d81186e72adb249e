ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "renewal_invoice_for" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_manual_period_end_idx" ON "orders" USING btree ("current_period_end") WHERE "orders"."provider" = 'manual' and "orders"."subscription_status" in ('active', 'past_due');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cancel_reason_check" CHECK ("orders"."cancel_reason" is null or "orders"."cancel_reason" in ('checkout_expired', 'payment_not_received', 'canceled_by_customer', 'account_deleted', 'admin', 'checkout_failed'));