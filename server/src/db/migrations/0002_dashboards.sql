CREATE TABLE "dashboard_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"expanded" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"favorite" boolean DEFAULT false NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"group_id" uuid,
	"widgets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"breakpoint" text DEFAULT 'lg' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dashboard_groups" ADD CONSTRAINT "dashboard_groups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_groups" ADD CONSTRAINT "dashboard_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboards" ADD CONSTRAINT "dashboards_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboards" ADD CONSTRAINT "dashboards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboards" ADD CONSTRAINT "dashboards_group_id_dashboard_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."dashboard_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dashboard_groups_user_name_idx" ON "dashboard_groups" USING btree ("tenant_id","user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "dashboards_user_idx" ON "dashboards" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "dashboards_group_idx" ON "dashboards" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dashboards_one_favorite_idx" ON "dashboards" USING btree ("user_id") WHERE "dashboards"."favorite";