CREATE TABLE "vip_checkout_sessions" (
	"session_id" text PRIMARY KEY NOT NULL,
	"member_id" uuid NOT NULL,
	"plan" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vip_checkout_sessions" ADD CONSTRAINT "vip_checkout_sessions_member_id_vip_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."vip_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vip_checkout_sessions_member_plan_idx" ON "vip_checkout_sessions" USING btree ("member_id","plan","created_at");--> statement-breakpoint
-- The sessions kept on member rows before this table: their "Processing" pages keep working (docs/decisions/0095).
INSERT INTO "vip_checkout_sessions" ("session_id", "member_id", "plan", "created_at") SELECT "stripe_checkout_session_id", "id", "plan", "updated_at" FROM "vip_members" WHERE "stripe_checkout_session_id" IS NOT NULL ON CONFLICT DO NOTHING;
