CREATE TABLE "panel_additions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "panel_additions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"user_id" text,
	"panels" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"days_left" integer NOT NULL,
	"period_days" integer NOT NULL,
	"renewal_cents" integer NOT NULL,
	"method" text NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_id" integer,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "panel_additions_status_check" CHECK ("panel_additions"."status" in ('pending', 'paid', 'expired')),
	CONSTRAINT "panel_additions_method_check" CHECK ("panel_additions"."method" in ('bank_transfer', 'crypto')),
	CONSTRAINT "panel_additions_panels_check" CHECK ("panel_additions"."panels" > 0),
	CONSTRAINT "panel_additions_amount_check" CHECK ("panel_additions"."amount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "panel_additions" ADD CONSTRAINT "panel_additions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "panel_additions" ADD CONSTRAINT "panel_additions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "panel_additions" ADD CONSTRAINT "panel_additions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "panel_additions_pending_idx" ON "panel_additions" USING btree ("order_id") WHERE "panel_additions"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "panel_additions_payment_idx" ON "panel_additions" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "panel_additions_user_idx" ON "panel_additions" USING btree ("user_id","status");