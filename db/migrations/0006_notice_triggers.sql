-- The bell's writers (see schema/inbox.ts): each business change writes its outbox rows, and the
-- 消息 of the users it concerns, inside its own transaction. A rolled-back change leaves neither, and
-- every path that changes a document (routes, imports, the demo timeline) is covered once, here.
CREATE TRIGGER `trg_inbox_yypt_ai` AFTER INSERT ON `psi_purchase_order_yypt` BEGIN
  INSERT INTO `blade_notice_event` (tenant_id, audience, target, tab, created_at) VALUES (NEW.tenant_id, 'platform', '', 'todo', CAST(strftime('%s', 'now') AS INTEGER));
  INSERT INTO `blade_notice_event` (tenant_id, audience, target, tab, created_at) VALUES (NEW.tenant_id, 'school', CAST(NEW.school_id AS TEXT), 'todo', CAST(strftime('%s', 'now') AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `trg_inbox_yypt_au` AFTER UPDATE OF order_status, is_deleted, total_amount ON `psi_purchase_order_yypt` BEGIN
  INSERT INTO `blade_notice_event` (tenant_id, audience, target, tab, created_at) VALUES (NEW.tenant_id, 'platform', '', 'todo', CAST(strftime('%s', 'now') AS INTEGER));
  INSERT INTO `blade_notice_event` (tenant_id, audience, target, tab, created_at) VALUES (NEW.tenant_id, 'school', CAST(NEW.school_id AS TEXT), 'todo', CAST(strftime('%s', 'now') AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `trg_inbox_yypt_msg` AFTER UPDATE OF order_status ON `psi_purchase_order_yypt` WHEN NEW.order_status <> OLD.order_status AND NEW.order_status IN (2, 3, 4, 7, 8) BEGIN
  INSERT INTO `blade_notice_message` (tenant_id, user_id, category, biz_type, biz_id, biz_no, amount, create_time)
    SELECT NEW.tenant_id, r.uid,
      CASE NEW.order_status WHEN 2 THEN 'orderApproved' WHEN 3 THEN 'orderDelivered' WHEN 4 THEN 'orderPartDelivered'
        WHEN 7 THEN 'orderReturned' ELSE 'orderRejected' END,
      'yypt', NEW.id, NEW.order_no, NEW.total_amount, COALESCE(NEW.update_time, datetime('now', 'localtime'))
    FROM (SELECT s.user_id AS uid FROM psi_school_info s WHERE s.id = NEW.school_id AND s.user_id IS NOT NULL
          UNION SELECT NEW.create_user WHERE NEW.create_user IS NOT NULL
          UNION SELECT NEW.audit_user WHERE NEW.order_status = 7 AND NEW.audit_user IS NOT NULL) r;
END;
--> statement-breakpoint
CREATE TRIGGER `trg_inbox_purchase_ai` AFTER INSERT ON `psi_purchase_order` BEGIN
  INSERT INTO `blade_notice_event` (tenant_id, audience, target, tab, created_at) VALUES (NEW.tenant_id, 'platform', '', 'todo', CAST(strftime('%s', 'now') AS INTEGER));
  INSERT INTO `blade_notice_event` (tenant_id, audience, target, tab, created_at) VALUES (NEW.tenant_id, 'depository', CAST(NEW.depository_id AS TEXT), 'todo', CAST(strftime('%s', 'now') AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `trg_inbox_purchase_au` AFTER UPDATE OF order_status, is_deleted ON `psi_purchase_order` BEGIN
  INSERT INTO `blade_notice_event` (tenant_id, audience, target, tab, created_at) VALUES (NEW.tenant_id, 'platform', '', 'todo', CAST(strftime('%s', 'now') AS INTEGER));
  INSERT INTO `blade_notice_event` (tenant_id, audience, target, tab, created_at) VALUES (NEW.tenant_id, 'depository', CAST(NEW.depository_id AS TEXT), 'todo', CAST(strftime('%s', 'now') AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `trg_inbox_deporder_ai` AFTER INSERT ON `psi_purchase_order_depository` BEGIN
  INSERT INTO `blade_notice_event` (tenant_id, audience, target, tab, created_at) VALUES (NEW.tenant_id, 'depository', CAST(NEW.depository_id AS TEXT), 'todo', CAST(strftime('%s', 'now') AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `trg_inbox_deporder_au` AFTER UPDATE OF order_status, is_deleted ON `psi_purchase_order_depository` BEGIN
  INSERT INTO `blade_notice_event` (tenant_id, audience, target, tab, created_at) VALUES (NEW.tenant_id, 'depository', CAST(NEW.depository_id AS TEXT), 'todo', CAST(strftime('%s', 'now') AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `trg_inbox_delivery_ai` AFTER INSERT ON `psi_delivery_order` BEGIN
  INSERT INTO `blade_notice_event` (tenant_id, audience, target, tab, created_at) VALUES (NEW.tenant_id, 'depository', CAST(NEW.depository_id AS TEXT), 'todo', CAST(strftime('%s', 'now') AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `trg_inbox_delivery_au` AFTER UPDATE OF order_status, is_deleted ON `psi_delivery_order` BEGIN
  INSERT INTO `blade_notice_event` (tenant_id, audience, target, tab, created_at) VALUES (NEW.tenant_id, 'depository', CAST(NEW.depository_id AS TEXT), 'todo', CAST(strftime('%s', 'now') AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `trg_inbox_check_ai` AFTER INSERT ON `psi_depository_check` BEGIN
  INSERT INTO `blade_notice_event` (tenant_id, audience, target, tab, created_at) VALUES (NEW.tenant_id, 'depository', CAST(NEW.depository_id AS TEXT), 'todo', CAST(strftime('%s', 'now') AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `trg_inbox_check_au` AFTER UPDATE OF check_status, is_deleted ON `psi_depository_check` BEGIN
  INSERT INTO `blade_notice_event` (tenant_id, audience, target, tab, created_at) VALUES (NEW.tenant_id, 'depository', CAST(NEW.depository_id AS TEXT), 'todo', CAST(strftime('%s', 'now') AS INTEGER));
END;
--> statement-breakpoint
-- stock concerns the bell only when a book crosses the low-stock line (LOW_STOCK = 50 in psi/overview.ts)
CREATE TRIGGER `trg_inbox_stock_ai` AFTER INSERT ON `psi_depository_stock` WHEN NEW.quantity <= 50 BEGIN
  INSERT INTO `blade_notice_event` (tenant_id, audience, target, tab, created_at) VALUES (NEW.tenant_id, 'depository', CAST(NEW.depository_id AS TEXT), 'todo', CAST(strftime('%s', 'now') AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `trg_inbox_stock_au` AFTER UPDATE OF quantity ON `psi_depository_stock` WHEN (OLD.quantity <= 50) <> (NEW.quantity <= 50) BEGIN
  INSERT INTO `blade_notice_event` (tenant_id, audience, target, tab, created_at) VALUES (NEW.tenant_id, 'depository', CAST(NEW.depository_id AS TEXT), 'todo', CAST(strftime('%s', 'now') AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `trg_inbox_statement_ai` AFTER INSERT ON `psi_account_statement` BEGIN
  INSERT INTO `blade_notice_message` (tenant_id, user_id, category, biz_type, biz_id, biz_no, amount, create_time)
    SELECT NEW.tenant_id, s.user_id,
      CASE NEW.trade_type WHEN 1 THEN 'accountRecharged' WHEN 2 THEN 'accountDebited' ELSE 'accountRefunded' END,
      'statement', NEW.id, COALESCE(NEW.source_no, NEW.statement_no), NEW.amount, NEW.trade_time
    FROM psi_school_info s WHERE s.id = NEW.school_id AND s.user_id IS NOT NULL;
  INSERT INTO `blade_notice_event` (tenant_id, audience, target, tab, created_at) VALUES (NEW.tenant_id, 'school', CAST(NEW.school_id AS TEXT), 'todo', CAST(strftime('%s', 'now') AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `trg_inbox_task_ai` AFTER INSERT ON `flow_task` BEGIN
  INSERT INTO `blade_notice_event` (tenant_id, audience, target, tab, created_at) VALUES (NEW.tenant_id, 'flow', COALESCE(CAST(NEW.assignee AS TEXT), '') || '|' || NEW.candidate_users || '|' || NEW.candidate_groups, 'todo', CAST(strftime('%s', 'now') AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `trg_inbox_task_au` AFTER UPDATE OF assignee ON `flow_task` BEGIN
  INSERT INTO `blade_notice_event` (tenant_id, audience, target, tab, created_at) VALUES (NEW.tenant_id, 'flow', COALESCE(CAST(NEW.assignee AS TEXT), '') || '|' || NEW.candidate_users || '|' || NEW.candidate_groups, 'todo', CAST(strftime('%s', 'now') AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `trg_inbox_task_ad` AFTER DELETE ON `flow_task` BEGIN
  INSERT INTO `blade_notice_event` (tenant_id, audience, target, tab, created_at) VALUES (OLD.tenant_id, 'flow', COALESCE(CAST(OLD.assignee AS TEXT), '') || '|' || OLD.candidate_users || '|' || OLD.candidate_groups, 'todo', CAST(strftime('%s', 'now') AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `trg_inbox_leave_msg` AFTER UPDATE OF pass ON `flow_activity` WHEN NEW.pass IS NOT NULL AND OLD.pass IS NULL AND NEW.activity_type = 'userTask' BEGIN
  INSERT INTO `blade_notice_message` (tenant_id, user_id, category, biz_type, biz_id, biz_no, create_time)
    SELECT NEW.tenant_id, i.start_user, CASE NEW.pass WHEN 1 THEN 'leaveApproved' ELSE 'leaveRejected' END,
      'leave', CAST(substr(i.business_key, 21) AS INTEGER), NEW.activity_name, COALESCE(NEW.end_time, datetime('now', 'localtime'))
    FROM flow_instance i WHERE i.id = NEW.instance_id AND i.business_key LIKE 'blade_process_leave:%';
END;
--> statement-breakpoint
CREATE TRIGGER `trg_inbox_notice_ai` AFTER INSERT ON `blade_notice` BEGIN
  INSERT INTO `blade_notice_event` (tenant_id, audience, target, tab, created_at) VALUES (NEW.tenant_id, 'tenant', '', 'notice', CAST(strftime('%s', 'now') AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `trg_inbox_notice_au` AFTER UPDATE ON `blade_notice` BEGIN
  INSERT INTO `blade_notice_event` (tenant_id, audience, target, tab, created_at) VALUES (NEW.tenant_id, 'tenant', '', 'notice', CAST(strftime('%s', 'now') AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `trg_inbox_message_ai` AFTER INSERT ON `blade_notice_message` BEGIN
  INSERT INTO `blade_notice_event` (tenant_id, audience, target, tab, message_id, created_at) VALUES (NEW.tenant_id, 'user', CAST(NEW.user_id AS TEXT), 'message', NEW.id, CAST(strftime('%s', 'now') AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `trg_inbox_purchase_msg` AFTER UPDATE OF order_status ON `psi_purchase_order` WHEN NEW.order_status <> OLD.order_status AND NEW.order_status IN (2, 3, 8) BEGIN
  INSERT INTO `blade_notice_message` (tenant_id, user_id, category, biz_type, biz_id, biz_no, amount, create_time)
    SELECT NEW.tenant_id, r.uid,
      CASE NEW.order_status WHEN 2 THEN 'purchaseApproved' WHEN 3 THEN 'purchaseStored' ELSE 'purchaseRejected' END,
      'purchase', NEW.id, NEW.order_no, NEW.total_amount, COALESCE(NEW.update_time, datetime('now', 'localtime'))
    FROM (SELECT NEW.create_user AS uid UNION SELECT NEW.audit_user WHERE NEW.order_status = 3) r
    WHERE r.uid IS NOT NULL
      AND r.uid <> COALESCE(CASE NEW.order_status WHEN 3 THEN NEW.storage_user ELSE NEW.audit_user END, 0);
END;
--> statement-breakpoint
CREATE TRIGGER `trg_inbox_deporder_msg` AFTER UPDATE OF order_status ON `psi_purchase_order_depository` WHEN NEW.order_status <> OLD.order_status AND NEW.order_status IN (2, 8) AND NEW.source_type = 2 BEGIN
  INSERT INTO `blade_notice_message` (tenant_id, user_id, category, biz_type, biz_id, biz_no, amount, create_time)
    SELECT NEW.tenant_id, NEW.create_user, CASE NEW.order_status WHEN 2 THEN 'directAccepted' ELSE 'directRejected' END,
      'depository', NEW.id, NEW.order_no, NEW.total_amount, COALESCE(NEW.update_time, datetime('now', 'localtime'))
    WHERE NEW.create_user IS NOT NULL AND NEW.create_user <> COALESCE(NEW.audit_user, 0);
END;
--> statement-breakpoint
CREATE INDEX `idx_notice_event_created` ON `blade_notice_event` (`created_at`);
