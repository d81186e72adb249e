ALTER TABLE "outbox_messages" DROP CONSTRAINT "outbox_messages_kind_check";--> statement-breakpoint
ALTER TABLE "webhook_messages" DROP CONSTRAINT "webhook_messages_event_type_check";--> statement-breakpoint
ALTER TABLE "admin_panel_inventory" ADD COLUMN "cancel_at_period_end" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_panel_inventory" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "panel_count" integer;--> statement-breakpoint
CREATE INDEX "inventory_ending_idx" ON "admin_panel_inventory" USING btree ("ended_at") WHERE "admin_panel_inventory"."status" = 'sold' and "admin_panel_inventory"."ended_at" is not null;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_kind_check" CHECK ("outbox_messages"."kind" in ('email', 'stripe_credit', 'document_email', 'stripe_quantity'));--> statement-breakpoint
ALTER TABLE "webhook_messages" ADD CONSTRAINT "webhook_messages_event_type_check" CHECK ("webhook_messages"."event_type" in ('order.created', 'order.paid', 'order.completed', 'order.canceled', 'subscription.renewed', 'subscription.past_due', 'subscription.canceled', 'subscription.expired', 'refund.requested', 'refund.approved', 'refund.denied', 'panel.replacement_requested', 'panel.replaced', 'panel.replacement_rejected', 'panel.canceled', 'panel.resumed', 'panel.expired', 'webhook.test'));--> statement-breakpoint
-- Hand-written: every payment so far paid for its whole order.
UPDATE "payments" SET "panel_count" = o."quantity" FROM "orders" o WHERE o."id" = "payments"."order_id";--> statement-breakpoint
-- A subscription canceled at its period end cancels each of its panels (docs/decisions/0017).
UPDATE "admin_panel_inventory" p SET "cancel_at_period_end" = true
  FROM "orders" o
  WHERE o."id" = p."order_id" AND o."cancel_at_period_end"
    AND o."subscription_status" IN ('active', 'past_due')
    AND p."status" = 'sold' AND p."retired_reason" IS NULL;
