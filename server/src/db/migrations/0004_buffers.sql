CREATE TABLE "buffers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "buffers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"hexacode" text NOT NULL,
	"department" integer NOT NULL,
	"sub_department" integer NOT NULL,
	"page" integer NOT NULL,
	"line" integer NOT NULL,
	"pc_number" integer NOT NULL,
	"interval_seconds" integer NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "buffers" ADD CONSTRAINT "buffers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "buffers_line_pc_idx" ON "buffers" USING btree ("tenant_id","hexacode","department","sub_department","page","line","pc_number");