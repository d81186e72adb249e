CREATE TABLE "account_credits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_credits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text,
	"order_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"percent" integer NOT NULL,
	"reason" text DEFAULT 'late_delivery' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"applied_payment_id" integer,
	"provider_reference" text,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_credits_amount_check" CHECK ("account_credits"."amount_cents" > 0),
	CONSTRAINT "account_credits_percent_check" CHECK ("account_credits"."percent" between 1 and 100),
	CONSTRAINT "account_credits_reason_check" CHECK ("account_credits"."reason" in ('late_delivery')),
	CONSTRAINT "account_credits_status_check" CHECK ("account_credits"."status" in ('pending', 'applied'))
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" DROP CONSTRAINT "outbox_messages_kind_check";--> statement-breakpoint
ALTER TABLE "account_credits" ADD CONSTRAINT "account_credits_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_credits" ADD CONSTRAINT "account_credits_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_credits" ADD CONSTRAINT "account_credits_applied_payment_id_payments_id_fk" FOREIGN KEY ("applied_payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_credits_order_reason_idx" ON "account_credits" USING btree ("order_id","reason");--> statement-breakpoint
CREATE UNIQUE INDEX "account_credits_payment_idx" ON "account_credits" USING btree ("applied_payment_id");--> statement-breakpoint
CREATE INDEX "account_credits_user_idx" ON "account_credits" USING btree ("user_id","status");--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_kind_check" CHECK ("outbox_messages"."kind" in ('email', 'stripe_credit'));