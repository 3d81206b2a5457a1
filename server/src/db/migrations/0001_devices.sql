CREATE TABLE "business_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"hexacode" text NOT NULL,
	"name" text NOT NULL,
	"network_number" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_configurations" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"settings" jsonb NOT NULL,
	"labels" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"orders" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"hexacode" text NOT NULL,
	"model" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"business_group_id" uuid,
	"credential_hash" text,
	"virtual_definition" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_groups" ADD CONSTRAINT "business_groups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_configurations" ADD CONSTRAINT "device_configurations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_configurations" ADD CONSTRAINT "device_configurations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_business_group_id_business_groups_id_fk" FOREIGN KEY ("business_group_id") REFERENCES "public"."business_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_groups_tenant_hexacode_idx" ON "business_groups" USING btree ("tenant_id","hexacode");--> statement-breakpoint
CREATE UNIQUE INDEX "business_groups_tenant_name_idx" ON "business_groups" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_tenant_hexacode_idx" ON "devices" USING btree ("tenant_id","hexacode");--> statement-breakpoint
CREATE INDEX "devices_business_group_idx" ON "devices" USING btree ("business_group_id");