CREATE TABLE "workspace_invitations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "workspace_invitations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workspace_id" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text,
	"sent_at" timestamp with time zone[] NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" text,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_invitations_role_check" CHECK ("workspace_invitations"."role" in ('owner', 'admin', 'billing', 'operator', 'viewer'))
);
--> statement-breakpoint
CREATE TABLE "workspace_members" (
	"workspace_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"last_active_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_members_workspace_id_user_id_pk" PRIMARY KEY("workspace_id","user_id"),
	CONSTRAINT "workspace_members_role_check" CHECK ("workspace_members"."role" in ('owner', 'admin', 'billing', 'operator', 'viewer'))
);
--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"name" text NOT NULL,
	"personal" boolean DEFAULT false NOT NULL,
	"created_by" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_invited_by_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_accepted_by_user_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_invitations_token_idx" ON "workspace_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "workspace_invitations_workspace_idx" ON "workspace_invitations" USING btree ("workspace_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "workspace_members_user_idx" ON "workspace_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "workspaces_created_by_idx" ON "workspaces" USING btree ("created_by");--> statement-breakpoint
CREATE UNIQUE INDEX "workspaces_personal_idx" ON "workspaces" USING btree ("created_by") WHERE "workspaces"."personal";--> statement-breakpoint
-- Every person gets a personal workspace that owns what they own today, as its owner.
INSERT INTO "workspaces" ("name", "personal", "created_by", "created_at")
SELECT 'Personal', true, u."id", u."created_at" FROM "user" u;--> statement-breakpoint
INSERT INTO "workspace_members" ("workspace_id", "user_id", "role", "created_at")
SELECT w."id", w."created_by", 'owner', w."created_at" FROM "workspaces" w WHERE w."personal";--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "active_workspace_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "workspace_id" text;--> statement-breakpoint
UPDATE "orders" x SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal" AND w."created_by" = x."user_id";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "workspace_id" text;--> statement-breakpoint
UPDATE "payments" x SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal" AND w."created_by" = x."user_id";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD COLUMN "workspace_id" text;--> statement-breakpoint
UPDATE "refund_requests" x SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal" AND w."created_by" = x."user_id";--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replacement_requests" ADD COLUMN "workspace_id" text;--> statement-breakpoint
UPDATE "replacement_requests" x SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal" AND w."created_by" = x."user_id";--> statement-breakpoint
ALTER TABLE "replacement_requests" ADD CONSTRAINT "replacement_requests_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_credits" ADD COLUMN "workspace_id" text;--> statement-breakpoint
UPDATE "account_credits" x SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal" AND w."created_by" = x."user_id";--> statement-breakpoint
ALTER TABLE "account_credits" ADD CONSTRAINT "account_credits_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "panel_additions" ADD COLUMN "workspace_id" text;--> statement-breakpoint
UPDATE "panel_additions" x SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal" AND w."created_by" = x."user_id";--> statement-breakpoint
ALTER TABLE "panel_additions" ADD CONSTRAINT "panel_additions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
UPDATE "payments" p SET "workspace_id" = o."workspace_id" FROM "orders" o WHERE p."workspace_id" IS NULL AND o."id" = p."order_id";--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "workspace_id" text;--> statement-breakpoint
UPDATE "api_keys" x SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal" AND w."created_by" = x."user_id";--> statement-breakpoint
ALTER TABLE "api_keys" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_idempotency_keys" ADD COLUMN "workspace_id" text;--> statement-breakpoint
UPDATE "api_idempotency_keys" x SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal" AND w."created_by" = x."user_id";--> statement-breakpoint
ALTER TABLE "api_idempotency_keys" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "api_idempotency_keys" ADD CONSTRAINT "api_idempotency_keys_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "workspace_id" text;--> statement-breakpoint
UPDATE "webhook_endpoints" x SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal" AND w."created_by" = x."user_id";--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A key made before workspaces acted as its owner, who was its workspace's owner: admin keeps every power a key can use.
ALTER TABLE "api_keys" ADD COLUMN "role" text;--> statement-breakpoint
UPDATE "api_keys" SET "role" = 'admin';--> statement-breakpoint
ALTER TABLE "api_keys" ALTER COLUMN "role" SET NOT NULL;--> statement-breakpoint
DROP INDEX "api_idempotency_keys_owner_key_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "api_idempotency_keys_owner_key_idx" ON "api_idempotency_keys" USING btree ("workspace_id","idempotency_key");--> statement-breakpoint
ALTER TABLE "webhook_endpoints" DROP CONSTRAINT "webhook_endpoints_user_id_user_id_fk";--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
DROP INDEX "webhook_endpoints_user_idx";--> statement-breakpoint
CREATE INDEX "webhook_endpoints_workspace_idx" ON "webhook_endpoints" USING btree ("workspace_id","id");--> statement-breakpoint
-- The billing profile moves from the person to their personal workspace.
ALTER TABLE "billing_profiles" ADD COLUMN "workspace_id" text;--> statement-breakpoint
UPDATE "billing_profiles" b SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal" AND w."created_by" = b."user_id";--> statement-breakpoint
ALTER TABLE "billing_profiles" DROP CONSTRAINT "billing_profiles_user_id_user_id_fk";--> statement-breakpoint
ALTER TABLE "billing_profiles" DROP CONSTRAINT "billing_profiles_pkey";--> statement-breakpoint
ALTER TABLE "billing_profiles" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "billing_profiles" ADD CONSTRAINT "billing_profiles_pkey" PRIMARY KEY ("workspace_id");--> statement-breakpoint
ALTER TABLE "billing_profiles" ADD CONSTRAINT "billing_profiles_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_credits_workspace_idx" ON "account_credits" USING btree ("workspace_id","status");--> statement-breakpoint
CREATE INDEX "api_keys_workspace_idx" ON "api_keys" USING btree ("workspace_id","id");--> statement-breakpoint
CREATE INDEX "orders_workspace_created_idx" ON "orders" USING btree ("workspace_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "panel_additions_workspace_idx" ON "panel_additions" USING btree ("workspace_id","status");--> statement-breakpoint
CREATE INDEX "payments_workspace_created_idx" ON "payments" USING btree ("workspace_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "replacement_requests_workspace_idx" ON "replacement_requests" USING btree ("workspace_id","created_at" DESC NULLS LAST);;--> statement-breakpoint
-- A panel belongs to the workspace of the order that holds it.
ALTER TABLE "admin_panel_inventory" ADD COLUMN "workspace_id" text;--> statement-breakpoint
UPDATE "admin_panel_inventory" p SET "workspace_id" = o."workspace_id" FROM "orders" o WHERE o."id" = p."order_id";--> statement-breakpoint
ALTER TABLE "admin_panel_inventory" ADD CONSTRAINT "admin_panel_inventory_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventory_workspace_idx" ON "admin_panel_inventory" USING btree ("workspace_id","purchase_date" DESC NULLS LAST);
--> statement-breakpoint
-- What hangs off an order belongs to the order's workspace, whichever code writes it.
CREATE FUNCTION "workspace_of_order"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."workspace_id" IS NULL AND NEW."order_id" IS NOT NULL THEN
    SELECT o."workspace_id" INTO NEW."workspace_id" FROM "orders" o WHERE o."id" = NEW."order_id";
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "payments_workspace" BEFORE INSERT ON "payments" FOR EACH ROW EXECUTE FUNCTION "workspace_of_order"();--> statement-breakpoint
CREATE TRIGGER "refund_requests_workspace" BEFORE INSERT ON "refund_requests" FOR EACH ROW EXECUTE FUNCTION "workspace_of_order"();--> statement-breakpoint
CREATE TRIGGER "replacement_requests_workspace" BEFORE INSERT ON "replacement_requests" FOR EACH ROW EXECUTE FUNCTION "workspace_of_order"();--> statement-breakpoint
CREATE TRIGGER "account_credits_workspace" BEFORE INSERT ON "account_credits" FOR EACH ROW EXECUTE FUNCTION "workspace_of_order"();--> statement-breakpoint
CREATE TRIGGER "panel_additions_workspace" BEFORE INSERT ON "panel_additions" FOR EACH ROW EXECUTE FUNCTION "workspace_of_order"();
--> statement-breakpoint
-- An order written without a workspace (the demo seed, the operator's tools) is its customer's personal workspace's.
CREATE FUNCTION "personal_workspace_of_customer"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."workspace_id" IS NULL AND NEW."user_id" IS NOT NULL THEN
    SELECT w."id" INTO NEW."workspace_id" FROM "workspaces" w WHERE w."created_by" = NEW."user_id" AND w."personal";
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_workspace" BEFORE INSERT ON "orders" FOR EACH ROW EXECUTE FUNCTION "personal_workspace_of_customer"();;--> statement-breakpoint
-- A panel belongs to the workspace of the order that holds it, whichever code moves it.
CREATE FUNCTION "panel_workspace_of_order"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."order_id" IS NULL THEN
    NEW."workspace_id" := NULL;
  ELSE
    SELECT o."workspace_id" INTO NEW."workspace_id" FROM "orders" o WHERE o."id" = NEW."order_id";
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "inventory_workspace" BEFORE INSERT OR UPDATE OF "order_id" ON "admin_panel_inventory" FOR EACH ROW EXECUTE FUNCTION "panel_workspace_of_order"();;--> statement-breakpoint
-- An invoice is made out with the billing details of the paying order's workspace.
CREATE OR REPLACE FUNCTION "snapshot_invoice_parties"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."buyer_snapshot" IS NULL AND NEW."user_id" IS NOT NULL THEN
    SELECT jsonb_build_object(
      'name', u."name",
      'email', u."email",
      'companyName', coalesce(b."company_name", ''),
      'address', coalesce(b."address", ''),
      'country', coalesce(b."country", ''),
      'taxNumber', coalesce(b."tax_number", ''),
      'invoiceEmail', coalesce(b."invoice_email", ''))
    INTO NEW."buyer_snapshot"
    FROM "user" u
    LEFT JOIN "billing_profiles" b ON b."workspace_id" = coalesce(
      NEW."workspace_id",
      (SELECT o."workspace_id" FROM "orders" o WHERE o."id" = NEW."order_id"))
    WHERE u."id" = NEW."user_id";
  END IF;
  IF NEW."seller_snapshot" IS NULL THEN
    SELECT "value"::jsonb INTO NEW."seller_snapshot" FROM "app_meta" WHERE "key" = 'invoice_seller';
  END IF;
  RETURN NEW;
END
$$;
