CREATE TABLE "history_chunks" (
	"buffer_id" integer NOT NULL,
	"interval_seconds" integer NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"samples" "bytea" NOT NULL,
	CONSTRAINT "history_chunks_buffer_id_first_at_interval_seconds_pk" PRIMARY KEY("buffer_id","first_at","interval_seconds")
);
--> statement-breakpoint
CREATE TABLE "history_rollups" (
	"buffer_id" integer NOT NULL,
	"day" date NOT NULL,
	"hours" "bytea" NOT NULL,
	CONSTRAINT "history_rollups_buffer_id_day_pk" PRIMARY KEY("buffer_id","day")
);
--> statement-breakpoint
CREATE TABLE "history_staging" (
	"buffer_id" integer NOT NULL,
	"interval_seconds" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"value" real NOT NULL,
	CONSTRAINT "history_staging_buffer_id_at_pk" PRIMARY KEY("buffer_id","at")
);
--> statement-breakpoint
ALTER TABLE "history_chunks" ADD CONSTRAINT "history_chunks_buffer_id_buffers_id_fk" FOREIGN KEY ("buffer_id") REFERENCES "public"."buffers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_rollups" ADD CONSTRAINT "history_rollups_buffer_id_buffers_id_fk" FOREIGN KEY ("buffer_id") REFERENCES "public"."buffers"("id") ON DELETE cascade ON UPDATE no action;