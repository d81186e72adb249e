ALTER TABLE "operator_alert_optouts" DROP CONSTRAINT "operator_alert_optouts_kind_check";--> statement-breakpoint
ALTER TABLE "operator_alerts" DROP CONSTRAINT "operator_alerts_kind_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "restocked_panels" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stripe_renewing_sent" integer;--> statement-breakpoint
ALTER TABLE "operator_alert_optouts" ADD CONSTRAINT "operator_alert_optouts_kind_check" CHECK ("operator_alert_optouts"."kind" in ('stock_short', 'delivery_due', 'refund_requested', 'manual_order_waiting', 'renewal_failed', 'paid_after_end', 'stripe_sync_failed'));--> statement-breakpoint
ALTER TABLE "operator_alerts" ADD CONSTRAINT "operator_alerts_kind_check" CHECK ("operator_alerts"."kind" in ('stock_short', 'delivery_due', 'refund_requested', 'manual_order_waiting', 'renewal_failed', 'paid_after_end', 'stripe_sync_failed'));