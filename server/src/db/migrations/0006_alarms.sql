CREATE TABLE "alarm_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alarm_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"hexacode" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarm_occurrences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"hexacode" text NOT NULL,
	"device_name" text NOT NULL,
	"business_group_name" text,
	"department" integer NOT NULL,
	"sub_department" integer NOT NULL,
	"department_name" text,
	"code" text NOT NULL,
	"adf_name" text,
	"raised_at" timestamp with time zone NOT NULL,
	"cleared_at" timestamp with time zone,
	"acknowledged_by_user_id" uuid,
	"acknowledged_by" text,
	"acknowledged_at" timestamp with time zone,
	"ack_comment" text
);
--> statement-breakpoint
ALTER TABLE "alarm_changes" ADD CONSTRAINT "alarm_changes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_occurrences" ADD CONSTRAINT "alarm_occurrences_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_occurrences" ADD CONSTRAINT "alarm_occurrences_acknowledged_by_user_id_users_id_fk" FOREIGN KEY ("acknowledged_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_changes_at_idx" ON "alarm_changes" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "alarm_occurrences_open_idx" ON "alarm_occurrences" USING btree ("tenant_id","hexacode","department","sub_department","code") WHERE "alarm_occurrences"."cleared_at" IS NULL;--> statement-breakpoint
CREATE INDEX "alarm_occurrences_history_idx" ON "alarm_occurrences" USING btree ("tenant_id","raised_at");