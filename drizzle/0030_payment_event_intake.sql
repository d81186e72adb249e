CREATE TABLE "payment_event_intake" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_event_intake_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"waiting_for" text,
	"last_error" text,
	"applied_at" timestamp with time zone,
	CONSTRAINT "payment_event_intake_status_check" CHECK ("payment_event_intake"."status" in ('pending', 'applied', 'dead'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_event_intake_event_idx" ON "payment_event_intake" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "payment_event_intake_due_idx" ON "payment_event_intake" USING btree ("received_at","id") WHERE "payment_event_intake"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "payment_event_intake_waiting_idx" ON "payment_event_intake" USING btree ("waiting_for") WHERE "payment_event_intake"."status" = 'pending' and "payment_event_intake"."waiting_for" is not null;--> statement-breakpoint
CREATE INDEX "payment_event_intake_applied_idx" ON "payment_event_intake" USING btree ("applied_at") WHERE "payment_event_intake"."status" = 'applied';