CREATE SEQUENCE "public"."stripe_state_tickets" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "vip_members" DROP CONSTRAINT "vip_members_status_check";--> statement-breakpoint
ALTER TABLE "vip_members" ADD COLUMN "stripe_price_id" text;--> statement-breakpoint
ALTER TABLE "vip_members" ADD COLUMN "stripe_state_ticket" bigint;--> statement-breakpoint
ALTER TABLE "vip_members" ADD CONSTRAINT "vip_members_status_check" CHECK ("vip_members"."status" in ('pending_payment', 'active', 'past_due', 'paused', 'canceled'));