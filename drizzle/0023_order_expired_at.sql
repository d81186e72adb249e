ALTER TABLE "orders" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
-- Until now the expiry was read as the order's last change (updated_at), capped by the period end.
UPDATE "orders" SET "expired_at" = least("current_period_end", "updated_at") WHERE "subscription_status" = 'expired';
