CREATE TABLE "alarm_escalation_policies" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"policy" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarm_escalation_claims" (
	"occurrence_id" uuid NOT NULL,
	"level" integer NOT NULL,
	"round" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "alarm_escalation_claims_pk" PRIMARY KEY("occurrence_id","level","round")
);
--> statement-breakpoint
CREATE TABLE "alarm_notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alarm_notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"occurrence_id" uuid NOT NULL,
	"level" integer NOT NULL,
	"round" integer NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarm_shelvings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"occurrence_id" uuid NOT NULL,
	"by_user_id" uuid,
	"by" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_by" text
);
--> statement-breakpoint
CREATE TABLE "alarm_test_runs" (
	"tenant_id" uuid NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"result" text NOT NULL,
	"notified" jsonb NOT NULL,
	CONSTRAINT "alarm_test_runs_pk" PRIMARY KEY("tenant_id","due_at")
);
--> statement-breakpoint
ALTER TABLE "alarm_escalation_policies" ADD CONSTRAINT "alarm_escalation_policies_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_escalation_claims" ADD CONSTRAINT "alarm_escalation_claims_occurrence_id_alarm_occurrences_id_fk" FOREIGN KEY ("occurrence_id") REFERENCES "public"."alarm_occurrences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_notifications" ADD CONSTRAINT "alarm_notifications_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_notifications" ADD CONSTRAINT "alarm_notifications_occurrence_id_alarm_occurrences_id_fk" FOREIGN KEY ("occurrence_id") REFERENCES "public"."alarm_occurrences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_shelvings" ADD CONSTRAINT "alarm_shelvings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_shelvings" ADD CONSTRAINT "alarm_shelvings_occurrence_id_alarm_occurrences_id_fk" FOREIGN KEY ("occurrence_id") REFERENCES "public"."alarm_occurrences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_shelvings" ADD CONSTRAINT "alarm_shelvings_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_test_runs" ADD CONSTRAINT "alarm_test_runs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_notifications_occurrence_idx" ON "alarm_notifications" USING btree ("occurrence_id","id");--> statement-breakpoint
CREATE INDEX "alarm_shelvings_occurrence_idx" ON "alarm_shelvings" USING btree ("occurrence_id");--> statement-breakpoint
CREATE UNIQUE INDEX "alarm_shelvings_current_idx" ON "alarm_shelvings" USING btree ("occurrence_id") WHERE "alarm_shelvings"."ended_at" IS NULL;
