ALTER TABLE "payments" ADD COLUMN "adds_panels" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "payments" SET "adds_panels" = true WHERE starts_with("provider_charge_id", 'add_panels_');
