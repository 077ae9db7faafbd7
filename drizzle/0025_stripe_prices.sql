CREATE TABLE "stripe_prices" (
	"plan_id" text NOT NULL,
	"unit_amount" integer NOT NULL,
	"currency" text NOT NULL,
	"interval" text NOT NULL,
	"livemode" boolean NOT NULL,
	"stripe_price_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "stripe_prices_plan_id_unit_amount_currency_interval_livemode_pk" PRIMARY KEY("plan_id","unit_amount","currency","interval","livemode")
);
