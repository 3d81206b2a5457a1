CREATE TABLE "food_safety_limits" (
	"tenant_id" uuid NOT NULL,
	"hexacode" text NOT NULL,
	"department" integer NOT NULL,
	"sub_department" integer NOT NULL,
	"class" text NOT NULL,
	"line" text NOT NULL,
	"high" real NOT NULL,
	"low" real,
	"grace_degrees" real NOT NULL,
	"grace_minutes" integer NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "food_safety_limits_tenant_id_hexacode_department_sub_department_pk" PRIMARY KEY("tenant_id","hexacode","department","sub_department")
);
--> statement-breakpoint
CREATE TABLE "food_safety_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"hexacode" text NOT NULL,
	"department" integer NOT NULL,
	"sub_department" integer NOT NULL,
	"subject" text NOT NULL,
	"subject_key" text NOT NULL,
	"corrective_action" text,
	"corrective_action_by" text,
	"corrective_action_at" timestamp with time zone,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "report_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"business_group_id" uuid NOT NULL,
	"frequency" text NOT NULL,
	"recipients" text[] NOT NULL,
	"time_zone" text NOT NULL,
	"language_code" text NOT NULL,
	"date_format" text NOT NULL,
	"created_by" text NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_sendings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_sendings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"schedule_id" uuid,
	"business_group_id" uuid NOT NULL,
	"period_from" timestamp with time zone NOT NULL,
	"period_to" timestamp with time zone NOT NULL,
	"recipients" text[] NOT NULL,
	"bytes" integer NOT NULL,
	"queued_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "food_safety_limits" ADD CONSTRAINT "food_safety_limits_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "food_safety_reviews" ADD CONSTRAINT "food_safety_reviews_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_business_group_id_business_groups_id_fk" FOREIGN KEY ("business_group_id") REFERENCES "public"."business_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_sendings" ADD CONSTRAINT "report_sendings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_sendings" ADD CONSTRAINT "report_sendings_schedule_id_report_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."report_schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "food_safety_reviews_subject_idx" ON "food_safety_reviews" USING btree ("tenant_id","hexacode","department","sub_department","subject","subject_key");--> statement-breakpoint
CREATE INDEX "report_schedules_due_idx" ON "report_schedules" USING btree ("next_run_at");--> statement-breakpoint
CREATE INDEX "report_sendings_schedule_idx" ON "report_sendings" USING btree ("schedule_id","queued_at");
