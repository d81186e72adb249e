ALTER TABLE "refund_requests" DROP CONSTRAINT "refund_requests_status_check";--> statement-breakpoint
DROP INDEX "refund_requests_open_idx";--> statement-breakpoint
ALTER TABLE "refund_requests" ADD COLUMN "approval_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD COLUMN "last_error" text;--> statement-breakpoint
CREATE UNIQUE INDEX "refund_requests_open_idx" ON "refund_requests" USING btree ("order_id") WHERE "refund_requests"."status" in ('requested', 'approving', 'failed');--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_status_check" CHECK ("refund_requests"."status" in ('requested', 'approving', 'failed', 'approved', 'denied'));