CREATE TABLE "address_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "address_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"address" text NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "impersonation_actions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "impersonation_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"record_id" bigint NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status_code" integer,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "impersonation_records" ADD COLUMN "session_token_hash" text;--> statement-breakpoint
ALTER TABLE "impersonation_actions" ADD CONSTRAINT "impersonation_actions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impersonation_actions" ADD CONSTRAINT "impersonation_actions_record_id_impersonation_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."impersonation_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "address_attempts_address_time_idx" ON "address_attempts" USING btree ("address","attempted_at");--> statement-breakpoint
CREATE INDEX "address_attempts_time_idx" ON "address_attempts" USING btree ("attempted_at");--> statement-breakpoint
CREATE INDEX "impersonation_actions_record_idx" ON "impersonation_actions" USING btree ("record_id","id");--> statement-breakpoint
CREATE INDEX "impersonation_records_session_idx" ON "impersonation_records" USING btree ("session_token_hash");