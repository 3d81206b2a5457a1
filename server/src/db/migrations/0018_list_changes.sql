-- Every change to what a user's dashboard list shows (dashboards, groups, the user's settings) is announced on
-- coldwatch_list_changes, whoever made it (any instance, the CLI, a script): the instances forget their copy of
-- that user's list (docs/decisions/the-dashboard-list-is-remembered-until-the-database-says-it-changed.md).
CREATE FUNCTION "coldwatch_list_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	changed record;
BEGIN
	IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
	IF TG_TABLE_NAME = 'users' THEN
		PERFORM pg_notify('coldwatch_list_changes', json_build_object('tenantId', changed.tenant_id, 'userId', changed.id)::text);
	ELSE
		PERFORM pg_notify('coldwatch_list_changes', json_build_object('tenantId', changed.tenant_id, 'userId', changed.user_id)::text);
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "dashboards_list_changed" AFTER INSERT OR UPDATE OR DELETE ON "dashboards" FOR EACH ROW EXECUTE FUNCTION "coldwatch_list_changed"();--> statement-breakpoint
CREATE TRIGGER "dashboard_groups_list_changed" AFTER INSERT OR UPDATE OR DELETE ON "dashboard_groups" FOR EACH ROW EXECUTE FUNCTION "coldwatch_list_changed"();--> statement-breakpoint
CREATE TRIGGER "users_list_changed" AFTER INSERT OR DELETE OR UPDATE OF "settings", "email", "mfa_enabled", "mfa_secret" ON "users" FOR EACH ROW EXECUTE FUNCTION "coldwatch_list_changed"();
