CREATE TABLE "operator_alert_optouts" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operator_alert_optouts_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "operator_alert_optouts_kind_check" CHECK ("operator_alert_optouts"."kind" in ('stock_short', 'delivery_due', 'refund_requested', 'manual_order_waiting', 'renewal_failed'))
);
--> statement-breakpoint
CREATE TABLE "operator_alerts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "operator_alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "operator_alerts_kind_check" CHECK ("operator_alerts"."kind" in ('stock_short', 'delivery_due', 'refund_requested', 'manual_order_waiting', 'renewal_failed'))
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "operator_alert_optouts" ADD CONSTRAINT "operator_alert_optouts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "operator_alerts_kind_key_idx" ON "operator_alerts" USING btree ("kind","key");--> statement-breakpoint
CREATE INDEX "outbox_messages_expiry_idx" ON "outbox_messages" USING btree ("expires_at") WHERE "outbox_messages"."status" = 'pending' and "outbox_messages"."expires_at" is not null;