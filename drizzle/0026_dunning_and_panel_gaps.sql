CREATE TABLE "dunning_steps" (
	"order_id" integer NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"step" text NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	CONSTRAINT "dunning_steps_order_id_period_end_step_pk" PRIMARY KEY("order_id","period_end","step"),
	CONSTRAINT "dunning_steps_step_check" CHECK ("dunning_steps"."step" in ('retry_1', 'retry_2', 'retry_3', 'reminder_0', 'reminder_2'))
);
--> statement-breakpoint
ALTER TABLE "operator_alert_optouts" DROP CONSTRAINT "operator_alert_optouts_kind_check";--> statement-breakpoint
ALTER TABLE "operator_alerts" DROP CONSTRAINT "operator_alerts_kind_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "restocked_panels" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stripe_renewing_sent" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sandbox_card_declines" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dunning_steps" ADD CONSTRAINT "dunning_steps_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_alert_optouts" ADD CONSTRAINT "operator_alert_optouts_kind_check" CHECK ("operator_alert_optouts"."kind" in ('stock_short', 'delivery_due', 'refund_requested', 'manual_order_waiting', 'renewal_failed', 'paid_after_end', 'stripe_sync_failed'));--> statement-breakpoint
ALTER TABLE "operator_alerts" ADD CONSTRAINT "operator_alerts_kind_check" CHECK ("operator_alerts"."kind" in ('stock_short', 'delivery_due', 'refund_requested', 'manual_order_waiting', 'renewal_failed', 'paid_after_end', 'stripe_sync_failed'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_sandbox_card_declines_check" CHECK ("orders"."sandbox_card_declines" >= 0);