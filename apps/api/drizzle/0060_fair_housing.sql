-- Issue 46 "Fair-housing-safe insights" (decision 090): income leaves Keyturn for another system (the CRM
-- export's CSV files and the webhooks' bodies) only when the agent turns it on. Off for every agent,
-- existing ones included.
ALTER TABLE "agents" ADD COLUMN "crm_include_income" boolean DEFAULT false NOT NULL;
