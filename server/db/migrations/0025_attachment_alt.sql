-- An image's text alternative, written by its author in the post or event form (the
-- mutation `attachments.describe`); null for files and for images described by no one.
ALTER TABLE "attachments" ADD COLUMN "alt" text;
