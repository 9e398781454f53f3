-- Issue 45 "Listing documents": a listing's documents (PDF, JPEG or PNG up to 20 MB, bytes stored once per
-- content in document_files), the rule that says who gets a link to each, the buyers' requests for on-request
-- documents, and the log of every download through a signed link.
CREATE TABLE "document_files" (
	"sha256" text PRIMARY KEY NOT NULL,
	"bytes" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"property_id" integer NOT NULL,
	"name" text NOT NULL,
	"rule" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "listing_documents_rule" CHECK ("listing_documents"."rule" in ('public', 'with_confirmation', 'on_request', 'after_showing'))
);
--> statement-breakpoint
ALTER TABLE "listing_documents" ADD CONSTRAINT "listing_documents_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_documents" ADD CONSTRAINT "listing_documents_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_documents" ADD CONSTRAINT "listing_documents_sha256_document_files_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."document_files"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_documents_property_id_index" ON "listing_documents" USING btree ("property_id");--> statement-breakpoint
CREATE TABLE "document_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "document_requests_document_booking" UNIQUE("document_id","booking_id"),
	CONSTRAINT "document_requests_status" CHECK ("document_requests"."status" in ('pending', 'approved', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_document_id_listing_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."listing_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "document_downloads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"property_id" integer NOT NULL,
	"booking_id" uuid,
	"role" text NOT NULL,
	"ip" text,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "document_downloads_role" CHECK ("document_downloads"."role" in ('buyer', 'buyer_agent', 'public', 'agent'))
);
--> statement-breakpoint
ALTER TABLE "document_downloads" ADD CONSTRAINT "document_downloads_document_id_listing_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."listing_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_downloads" ADD CONSTRAINT "document_downloads_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_downloads" ADD CONSTRAINT "document_downloads_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_downloads_document_id_at_index" ON "document_downloads" USING btree ("document_id","at");--> statement-breakpoint
CREATE INDEX "document_downloads_property_id_at_index" ON "document_downloads" USING btree ("property_id","at");
