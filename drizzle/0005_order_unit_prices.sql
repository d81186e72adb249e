ALTER TABLE "orders" ADD COLUMN "plan_price_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "addon_price_cents" integer DEFAULT 0 NOT NULL;