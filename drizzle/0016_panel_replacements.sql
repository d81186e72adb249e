CREATE TABLE "replacement_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "replacement_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"panel_id" integer NOT NULL,
	"origin_panel_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" text,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by" text,
	"waiting_since" timestamp with time zone,
	"new_panel_id" integer,
	"rejection_reason" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "replacement_requests_status_check" CHECK ("replacement_requests"."status" in ('open', 'replaced', 'rejected')),
	CONSTRAINT "replacement_requests_reason_check" CHECK ("replacement_requests"."reason" in ('cannot_sign_in', 'suspended', 'low_capacity', 'other'))
);
--> statement-breakpoint
ALTER TABLE "webhook_messages" DROP CONSTRAINT "webhook_messages_event_type_check";--> statement-breakpoint
ALTER TABLE "admin_panel_inventory" ADD COLUMN "retired_reason" text;--> statement-breakpoint
ALTER TABLE "replacement_requests" ADD CONSTRAINT "replacement_requests_panel_id_admin_panel_inventory_id_fk" FOREIGN KEY ("panel_id") REFERENCES "public"."admin_panel_inventory"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replacement_requests" ADD CONSTRAINT "replacement_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replacement_requests" ADD CONSTRAINT "replacement_requests_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replacement_requests" ADD CONSTRAINT "replacement_requests_new_panel_id_admin_panel_inventory_id_fk" FOREIGN KEY ("new_panel_id") REFERENCES "public"."admin_panel_inventory"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "replacement_requests_open_idx" ON "replacement_requests" USING btree ("panel_id") WHERE "replacement_requests"."status" = 'open';--> statement-breakpoint
CREATE INDEX "replacement_requests_status_created_idx" ON "replacement_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "replacement_requests_user_idx" ON "replacement_requests" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "replacement_requests_origin_idx" ON "replacement_requests" USING btree ("origin_panel_id","decided_at");--> statement-breakpoint
CREATE INDEX "replacement_requests_order_idx" ON "replacement_requests" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "admin_panel_inventory" ADD CONSTRAINT "inventory_retired_reason_check" CHECK ("admin_panel_inventory"."retired_reason" is null or "admin_panel_inventory"."retired_reason" in ('cannot_sign_in', 'suspended', 'low_capacity', 'other'));--> statement-breakpoint
ALTER TABLE "webhook_messages" ADD CONSTRAINT "webhook_messages_event_type_check" CHECK ("webhook_messages"."event_type" in ('order.created', 'order.paid', 'order.completed', 'order.canceled', 'subscription.renewed', 'subscription.past_due', 'subscription.canceled', 'subscription.expired', 'refund.requested', 'refund.approved', 'refund.denied', 'panel.replacement_requested', 'panel.replaced', 'webhook.test'));