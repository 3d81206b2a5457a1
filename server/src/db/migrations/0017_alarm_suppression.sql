ALTER TABLE "alarm_occurrences" ADD COLUMN "announced" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "alarm_occurrences" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alarm_occurrences" ADD COLUMN "suppression" text;--> statement-breakpoint
CREATE INDEX "alarm_occurrences_held_idx" ON "alarm_occurrences" USING btree ("held_until") WHERE "announced" = false AND "cleared_at" IS NULL;--> statement-breakpoint
CREATE TABLE "alarm_delays" (
	"tenant_id" uuid NOT NULL,
	"code" text NOT NULL,
	"delay_seconds" integer NOT NULL,
	CONSTRAINT "alarm_delays_tenant_id_code_pk" PRIMARY KEY("tenant_id","code")
);
--> statement-breakpoint
CREATE TABLE "department_defrosts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"hexacode" text NOT NULL,
	"department" integer NOT NULL,
	"sub_department" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "alarm_delays" ADD CONSTRAINT "alarm_delays_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_defrosts" ADD CONSTRAINT "department_defrosts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "department_defrosts_open_idx" ON "department_defrosts" USING btree ("tenant_id","hexacode","department","sub_department") WHERE "ended_at" IS NULL;--> statement-breakpoint
CREATE INDEX "department_defrosts_place_idx" ON "department_defrosts" USING btree ("tenant_id","hexacode","department","sub_department","started_at");
