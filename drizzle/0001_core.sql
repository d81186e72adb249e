CREATE TABLE "admin_panel_inventory" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admin_panel_inventory_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"password" text NOT NULL,
	"purchase_date" timestamp with time zone,
	"status" text DEFAULT 'available' NOT NULL,
	"sold_to" text,
	"order_id" integer,
	"domains" integer DEFAULT 699 NOT NULL,
	"current_mailboxes" integer DEFAULT 0 NOT NULL,
	"max_mailboxes" integer DEFAULT 2000 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_status_check" CHECK ("admin_panel_inventory"."status" in ('available', 'sold', 'expired', 'retired')),
	CONSTRAINT "inventory_domains_check" CHECK ("admin_panel_inventory"."domains" >= 0),
	CONSTRAINT "inventory_mailboxes_check" CHECK ("admin_panel_inventory"."current_mailboxes" >= 0 and "admin_panel_inventory"."max_mailboxes" >= 1 and "admin_panel_inventory"."current_mailboxes" <= "admin_panel_inventory"."max_mailboxes")
);
--> statement-breakpoint
CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"actor_id" text,
	"actor_email" text,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"details" jsonb,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text,
	"plan_id" text NOT NULL,
	"additional_panels" integer DEFAULT 0 NOT NULL,
	"quantity" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"status" text DEFAULT 'pending_payment' NOT NULL,
	"payment_method" text NOT NULL,
	"provider" text NOT NULL,
	"provider_session_id" text,
	"provider_subscription_id" text,
	"provider_customer_id" text,
	"subscription_status" text DEFAULT 'inactive' NOT NULL,
	"current_period_start" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"paid_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('pending_payment', 'paid', 'completed', 'canceled', 'refunded')),
	CONSTRAINT "orders_subscription_status_check" CHECK ("orders"."subscription_status" in ('inactive', 'active', 'past_due', 'canceled', 'expired')),
	CONSTRAINT "orders_quantity_check" CHECK ("orders"."quantity" >= 1 and "orders"."additional_panels" >= 0),
	CONSTRAINT "orders_total_check" CHECK ("orders"."total_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"user_id" text,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"method" text NOT NULL,
	"provider" text NOT NULL,
	"provider_session_id" text,
	"provider_charge_id" text,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('completed', 'pending', 'failed', 'refunded')),
	CONSTRAINT "payments_method_check" CHECK ("payments"."method" in ('card', 'crypto', 'bank_transfer', 'sandbox')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "processed_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "user_profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"full_name" text,
	"company_name" text,
	"phone" text,
	"country" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"email_notifications" boolean DEFAULT true NOT NULL,
	"marketing_emails" boolean DEFAULT false NOT NULL,
	"order_updates" boolean DEFAULT true NOT NULL,
	"session_timeout" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_panel_inventory" ADD CONSTRAINT "admin_panel_inventory_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_email_idx" ON "admin_panel_inventory" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "inventory_status_id_idx" ON "admin_panel_inventory" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "inventory_sold_to_idx" ON "admin_panel_inventory" USING btree ("sold_to","purchase_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "inventory_order_idx" ON "admin_panel_inventory" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "inventory_email_trgm_idx" ON "admin_panel_inventory" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_action_created_idx" ON "audit_log" USING btree ("action","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_actor_created_idx" ON "audit_log" USING btree ("actor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "orders_provider_session_idx" ON "orders" USING btree ("provider","provider_session_id");--> statement-breakpoint
CREATE INDEX "payments_user_created_idx" ON "payments" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payments_session_idx" ON "payments" USING btree ("provider_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_charge_idx" ON "payments" USING btree ("provider","provider_charge_id");