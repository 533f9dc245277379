CREATE TABLE "backup_runs" (
	"slot" timestamp with time zone PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"outcome" text NOT NULL,
	"reason" text,
	"archive" text,
	"bytes" bigint
);
