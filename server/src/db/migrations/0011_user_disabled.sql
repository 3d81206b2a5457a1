ALTER TABLE "users" ADD COLUMN "disabled" boolean DEFAULT false NOT NULL;
