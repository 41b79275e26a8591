CREATE TABLE `blade_access_generation` (
	`subject` text PRIMARY KEY NOT NULL,
	`generation` integer DEFAULT 0 NOT NULL,
	`seq` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `idx_access_generation_seq` ON `blade_access_generation` (`seq`);--> statement-breakpoint
CREATE TABLE `blade_token_revocation` (
	`token_id` text PRIMARY KEY NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `blade_refresh_token` ADD `session_id` text;--> statement-breakpoint
CREATE INDEX `idx_refresh_session` ON `blade_refresh_token` (`session_id`);--> statement-breakpoint
-- Taking access back: every change that must end a user's sessions bumps the user's generation here,
-- whichever code path wrote it (the API, an import, a script). The server keeps a copy in memory.
CREATE TRIGGER `trg_access_user_au` AFTER UPDATE OF status, password, role_id, dept_id, is_deleted, tenant_id, account ON `blade_user`
WHEN old.status IS NOT new.status OR old.password IS NOT new.password OR old.role_id IS NOT new.role_id
  OR old.dept_id IS NOT new.dept_id OR old.is_deleted IS NOT new.is_deleted OR old.tenant_id IS NOT new.tenant_id
  OR old.account IS NOT new.account
BEGIN
  INSERT INTO `blade_access_generation` (subject, generation, seq)
    VALUES ('u:' || old.id, 1, (SELECT COALESCE(MAX(seq), 0) + 1 FROM `blade_access_generation`))
    ON CONFLICT (subject) DO UPDATE SET generation = generation + 1, seq = excluded.seq;
  -- a new password or a removed account also ends every sign-in's refresh (a refresh re-reads the
  -- rest: a disabled account is refused by name, a changed role or department gets a token of what
  -- the user holds now)
  UPDATE `blade_refresh_token` SET revoked = 1
    WHERE user_id = old.id AND revoked = 0 AND (old.password IS NOT new.password
      OR old.is_deleted IS NOT new.is_deleted OR old.tenant_id IS NOT new.tenant_id OR old.account IS NOT new.account);
END;
--> statement-breakpoint
CREATE TRIGGER `trg_access_user_ad` AFTER DELETE ON `blade_user` BEGIN
  INSERT INTO `blade_access_generation` (subject, generation, seq)
    VALUES ('u:' || old.id, 1, (SELECT COALESCE(MAX(seq), 0) + 1 FROM `blade_access_generation`))
    ON CONFLICT (subject) DO UPDATE SET generation = generation + 1, seq = excluded.seq;
END;
--> statement-breakpoint
-- A removed, disabled or renamed role: its users lose it.
CREATE TRIGGER `trg_access_role_au` AFTER UPDATE OF is_deleted, status, role_alias ON `blade_role`
WHEN old.is_deleted IS NOT new.is_deleted OR old.status IS NOT new.status OR old.role_alias IS NOT new.role_alias
BEGIN
  INSERT INTO `blade_access_generation` (subject, generation, seq)
    SELECT 'u:' || u.id, 1, (SELECT COALESCE(MAX(seq), 0) + 1 FROM `blade_access_generation`) FROM `blade_user` u
    WHERE instr(',' || u.role_id || ',', ',' || old.id || ',') > 0
    ON CONFLICT (subject) DO UPDATE SET generation = generation + 1, seq = excluded.seq;
END;
--> statement-breakpoint
-- A lockout (the fifth failure in the window, as LOCK_AFTER in the auth service) ends the account's sessions.
CREATE TRIGGER `trg_access_lockout` AFTER UPDATE OF fail_count ON `blade_login_failure`
WHEN new.fail_count >= 5 AND old.fail_count < 5
BEGIN
  INSERT INTO `blade_access_generation` (subject, generation, seq)
    SELECT 'u:' || u.id, 1, (SELECT COALESCE(MAX(seq), 0) + 1 FROM `blade_access_generation`) FROM `blade_user` u
    WHERE u.tenant_id = new.tenant_id AND u.account = new.account
    ON CONFLICT (subject) DO UPDATE SET generation = generation + 1, seq = excluded.seq;
  UPDATE `blade_refresh_token` SET revoked = 1 WHERE revoked = 0
    AND user_id IN (SELECT id FROM `blade_user` WHERE tenant_id = new.tenant_id AND account = new.account);
END;
--> statement-breakpoint
-- A tenant disabled, expired (expiry moved) or removed: the server reloads it and refuses its users.
CREATE TRIGGER `trg_access_tenant_au` AFTER UPDATE OF status, expire_time, is_deleted, tenant_id ON `blade_tenant`
WHEN old.status IS NOT new.status OR old.expire_time IS NOT new.expire_time OR old.is_deleted IS NOT new.is_deleted
  OR old.tenant_id IS NOT new.tenant_id
BEGIN
  INSERT INTO `blade_access_generation` (subject, generation, seq)
    VALUES ('t:' || old.tenant_id, 1, (SELECT COALESCE(MAX(seq), 0) + 1 FROM `blade_access_generation`))
    ON CONFLICT (subject) DO UPDATE SET generation = generation + 1, seq = excluded.seq;
END;
--> statement-breakpoint
CREATE TRIGGER `trg_access_tenant_ad` AFTER DELETE ON `blade_tenant` BEGIN
  INSERT INTO `blade_access_generation` (subject, generation, seq)
    VALUES ('t:' || old.tenant_id, 1, (SELECT COALESCE(MAX(seq), 0) + 1 FROM `blade_access_generation`))
    ON CONFLICT (subject) DO UPDATE SET generation = generation + 1, seq = excluded.seq;
END;
--> statement-breakpoint
CREATE TRIGGER `trg_access_tenant_ai` AFTER INSERT ON `blade_tenant` BEGIN
  INSERT INTO `blade_access_generation` (subject, generation, seq)
    VALUES ('t:' || new.tenant_id, 1, (SELECT COALESCE(MAX(seq), 0) + 1 FROM `blade_access_generation`))
    ON CONFLICT (subject) DO UPDATE SET generation = generation + 1, seq = excluded.seq;
END;
