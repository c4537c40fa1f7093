CREATE TABLE "auth_attempts" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"attempts" integer NOT NULL,
	"window_ends_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "auth_attempts_window_ends_at_idx" ON "auth_attempts" USING btree ("window_ends_at");