-- Issue 26, decision 037: requests that reached better-auth's organization plugin around the app's guards
-- (`/api/auth/./organization/create`…) could leave teams with no member — some created by a call that failed
-- after the team row was written — each holding a URL name and a public team page. A team always has its
-- owner as a member (modules/teams), so a team without one is such a leftover: removed, with its invitations
-- and team links (ON DELETE CASCADE); its properties stay with their agents (team_id set to null). The count
-- is logged as a notice (the server's start-up log shows it).
DO $$
DECLARE
  removed integer;
BEGIN
  DELETE FROM "organizations" o
  WHERE NOT EXISTS (SELECT 1 FROM "members" m WHERE m."organization_id" = o."id");
  GET DIAGNOSTICS removed = ROW_COUNT;
  RAISE NOTICE 'migration 0021: removed % team(s) with no member', removed;
END $$;
