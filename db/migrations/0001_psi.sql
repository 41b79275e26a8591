CREATE TABLE `psi_account_statement` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`create_user` integer,
	`create_dept` integer,
	`create_time` text,
	`update_user` integer,
	`update_time` text,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`statement_no` text NOT NULL,
	`school_id` integer NOT NULL,
	`trade_type` integer NOT NULL,
	`direction` integer NOT NULL,
	`amount` integer NOT NULL,
	`balance_before` integer NOT NULL,
	`balance_after` integer NOT NULL,
	`source_type` integer DEFAULT 0 NOT NULL,
	`source_id` integer,
	`source_no` text,
	`pay_method` integer,
	`voucher_no` text,
	`trade_time` text NOT NULL,
	`remark` text,
	CONSTRAINT "ck_statement_amount" CHECK("psi_account_statement"."amount" <> 0),
	CONSTRAINT "ck_statement_balance" CHECK("psi_account_statement"."balance_after" >= 0 AND "psi_account_statement"."balance_after" = "psi_account_statement"."balance_before" + "psi_account_statement"."amount"),
	CONSTRAINT "ck_statement_direction" CHECK(("psi_account_statement"."direction" = 1 AND "psi_account_statement"."amount" > 0) OR ("psi_account_statement"."direction" = 2 AND "psi_account_statement"."amount" < 0))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uk_statement_no` ON `psi_account_statement` (`tenant_id`,`statement_no`);--> statement-breakpoint
CREATE UNIQUE INDEX `uk_statement_source` ON `psi_account_statement` (`tenant_id`,`trade_type`,`source_type`,`source_id`) WHERE source_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `uk_statement_voucher` ON `psi_account_statement` (`tenant_id`,`school_id`,`voucher_no`) WHERE trade_type = 1;--> statement-breakpoint
CREATE INDEX `idx_statement_school` ON `psi_account_statement` (`tenant_id`,`school_id`,`id`);--> statement-breakpoint
CREATE INDEX `idx_statement_list` ON `psi_account_statement` (`tenant_id`,`create_time`,`id`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE TABLE `psi_delivery_detail` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`create_user` integer,
	`create_dept` integer,
	`create_time` text,
	`update_user` integer,
	`update_time` text,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`delivery_id` integer NOT NULL,
	`source_detail_id` integer NOT NULL,
	`goods_id` integer NOT NULL,
	`isbn` text NOT NULL,
	`goods_name` text NOT NULL,
	`publisher` text,
	`edition` text,
	`price` integer NOT NULL,
	`discount` integer NOT NULL,
	`unit_price` integer NOT NULL,
	`quantity` integer NOT NULL,
	`list_amount` integer NOT NULL,
	`amount` integer NOT NULL,
	`sort` integer,
	`remark` text,
	CONSTRAINT "ck_delivery_qty" CHECK("psi_delivery_detail"."quantity" >= 1)
);
--> statement-breakpoint
CREATE INDEX `idx_delivery_detail` ON `psi_delivery_detail` (`delivery_id`,`is_deleted`,`sort`);--> statement-breakpoint
CREATE INDEX `idx_delivery_source_line` ON `psi_delivery_detail` (`source_detail_id`,`is_deleted`);--> statement-breakpoint
CREATE UNIQUE INDEX `uk_delivery_line` ON `psi_delivery_detail` (`delivery_id`,`source_detail_id`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE TABLE `psi_delivery_order` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`create_user` integer,
	`create_dept` integer,
	`create_time` text,
	`update_user` integer,
	`update_time` text,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`delivery_no` text NOT NULL,
	`depository_order_id` integer NOT NULL,
	`depository_order_no` text NOT NULL,
	`school_id` integer NOT NULL,
	`depository_id` integer NOT NULL,
	`receiver_name` text NOT NULL,
	`receiver_phone` text NOT NULL,
	`receiver_address` text NOT NULL,
	`logistics_company` text,
	`tracking_no` text,
	`package_count` integer,
	`total_quantity` integer DEFAULT 0 NOT NULL,
	`total_list_amount` integer DEFAULT 0 NOT NULL,
	`total_amount` integer DEFAULT 0 NOT NULL,
	`order_status` integer DEFAULT 1 NOT NULL,
	`submit_time` text NOT NULL,
	`delivery_user` integer,
	`delivery_time` text,
	`delivery_remark` text,
	`remark` text,
	`version` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uk_delivery_no` ON `psi_delivery_order` (`tenant_id`,`delivery_no`);--> statement-breakpoint
CREATE INDEX `idx_delivery_list` ON `psi_delivery_order` (`tenant_id`,`create_time`,`id`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `idx_delivery_order` ON `psi_delivery_order` (`tenant_id`,`depository_order_id`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `idx_delivery_depository` ON `psi_delivery_order` (`tenant_id`,`depository_id`,`create_time`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE TABLE `psi_depository_check` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`create_user` integer,
	`create_dept` integer,
	`create_time` text,
	`update_user` integer,
	`update_time` text,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`check_no` text NOT NULL,
	`depository_id` integer NOT NULL,
	`check_status` integer DEFAULT 1 NOT NULL,
	`check_date` text NOT NULL,
	`line_count` integer DEFAULT 0 NOT NULL,
	`total_book_quantity` integer DEFAULT 0 NOT NULL,
	`total_counted_quantity` integer DEFAULT 0 NOT NULL,
	`total_gain_quantity` integer DEFAULT 0 NOT NULL,
	`total_loss_quantity` integer DEFAULT 0 NOT NULL,
	`difference_amount` integer DEFAULT 0 NOT NULL,
	`complete_user` integer,
	`complete_time` text,
	`remark` text,
	`version` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uk_check_no` ON `psi_depository_check` (`tenant_id`,`check_no`);--> statement-breakpoint
CREATE UNIQUE INDEX `uk_check_open` ON `psi_depository_check` (`tenant_id`,`depository_id`) WHERE check_status = 1 AND is_deleted = 0;--> statement-breakpoint
CREATE INDEX `idx_check_list` ON `psi_depository_check` (`tenant_id`,`create_time`,`id`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE TABLE `psi_depository_check_detail` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`create_user` integer,
	`create_dept` integer,
	`create_time` text,
	`update_user` integer,
	`update_time` text,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`check_id` integer NOT NULL,
	`goods_id` integer NOT NULL,
	`isbn` text NOT NULL,
	`goods_name` text NOT NULL,
	`price` integer NOT NULL,
	`book_quantity` integer NOT NULL,
	`book_quantity_at_save` integer NOT NULL,
	`counted_quantity` integer NOT NULL,
	`difference_quantity` integer NOT NULL,
	`difference_amount` integer NOT NULL,
	`sort` integer,
	`remark` text,
	CONSTRAINT "ck_check_counted" CHECK("psi_depository_check_detail"."counted_quantity" >= 0),
	CONSTRAINT "ck_check_book" CHECK("psi_depository_check_detail"."book_quantity" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uk_check_line` ON `psi_depository_check_detail` (`check_id`,`goods_id`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE TABLE `psi_depository_info` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`create_user` integer,
	`create_dept` integer,
	`create_time` text,
	`update_user` integer,
	`update_time` text,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`depository_code` text NOT NULL,
	`depository_name` text NOT NULL,
	`depository_type` integer NOT NULL,
	`region_code` text NOT NULL,
	`region_name` text,
	`service_region_codes` text NOT NULL,
	`address` text,
	`manager_name` text,
	`manager_phone` text,
	`user_id` integer,
	`sort` integer,
	`remark` text,
	`version` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uk_depository_code` ON `psi_depository_info` (`tenant_id`,`depository_code`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `idx_depository_user` ON `psi_depository_info` (`tenant_id`,`user_id`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `idx_depository_list` ON `psi_depository_info` (`tenant_id`,`create_time`,`id`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE TABLE `psi_depository_log` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`create_user` integer,
	`create_dept` integer,
	`create_time` text,
	`update_user` integer,
	`update_time` text,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`depository_id` integer NOT NULL,
	`goods_id` integer NOT NULL,
	`isbn` text,
	`goods_name` text,
	`direction` integer NOT NULL,
	`change_quantity` integer NOT NULL,
	`balance_before` integer NOT NULL,
	`balance_after` integer NOT NULL,
	`source_type` integer NOT NULL,
	`source_id` integer NOT NULL,
	`source_no` text NOT NULL,
	`source_detail_id` integer NOT NULL,
	`unit_price` integer,
	`operate_time` text NOT NULL,
	`remark` text,
	CONSTRAINT "ck_log_change" CHECK("psi_depository_log"."change_quantity" <> 0),
	CONSTRAINT "ck_log_before" CHECK("psi_depository_log"."balance_before" >= 0),
	CONSTRAINT "ck_log_after" CHECK("psi_depository_log"."balance_after" >= 0 AND "psi_depository_log"."balance_after" = "psi_depository_log"."balance_before" + "psi_depository_log"."change_quantity"),
	CONSTRAINT "ck_log_direction" CHECK(("psi_depository_log"."direction" = 1 AND "psi_depository_log"."change_quantity" > 0) OR ("psi_depository_log"."direction" = 2 AND "psi_depository_log"."change_quantity" < 0))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uk_log_source_line` ON `psi_depository_log` (`tenant_id`,`source_type`,`source_detail_id`);--> statement-breakpoint
CREATE INDEX `idx_log_ledger` ON `psi_depository_log` (`tenant_id`,`depository_id`,`goods_id`,`id`);--> statement-breakpoint
CREATE INDEX `idx_log_list` ON `psi_depository_log` (`tenant_id`,`create_time`,`id`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `idx_log_depository` ON `psi_depository_log` (`tenant_id`,`depository_id`,`create_time`,`id`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE TABLE `psi_depository_stock` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`create_user` integer,
	`create_dept` integer,
	`create_time` text,
	`update_user` integer,
	`update_time` text,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`depository_id` integer NOT NULL,
	`goods_id` integer NOT NULL,
	`quantity` integer DEFAULT 0 NOT NULL,
	`last_log_id` integer,
	`version` integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ck_stock_quantity" CHECK("psi_depository_stock"."quantity" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uk_stock` ON `psi_depository_stock` (`tenant_id`,`depository_id`,`goods_id`);--> statement-breakpoint
CREATE INDEX `idx_stock_goods` ON `psi_depository_stock` (`tenant_id`,`goods_id`);--> statement-breakpoint
CREATE TABLE `psi_goods_info` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`create_user` integer,
	`create_dept` integer,
	`create_time` text,
	`update_user` integer,
	`update_time` text,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`goods_code` text,
	`isbn` text NOT NULL,
	`goods_name` text NOT NULL,
	`author` text,
	`publisher` text NOT NULL,
	`edition` text NOT NULL,
	`print_edition` text,
	`school_stage` integer NOT NULL,
	`grade` text NOT NULL,
	`subject` text NOT NULL,
	`volume` text NOT NULL,
	`term_no` integer NOT NULL,
	`goods_type` integer DEFAULT 1 NOT NULL,
	`price` integer NOT NULL,
	`sale_discount` integer DEFAULT 10000 NOT NULL,
	`purchase_discount` integer,
	`unit` text DEFAULT '册' NOT NULL,
	`pack_quantity` integer,
	`cover_url` text,
	`remark` text,
	`version` integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ck_goods_price" CHECK("psi_goods_info"."price" > 0),
	CONSTRAINT "ck_goods_sale_discount" CHECK("psi_goods_info"."sale_discount" > 0 AND "psi_goods_info"."sale_discount" <= 10000),
	CONSTRAINT "ck_goods_purchase_discount" CHECK("psi_goods_info"."purchase_discount" IS NULL OR ("psi_goods_info"."purchase_discount" > 0 AND "psi_goods_info"."purchase_discount" <= 10000)),
	CONSTRAINT "ck_goods_isbn" CHECK(length("psi_goods_info"."isbn") = 13)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uk_goods_isbn` ON `psi_goods_info` (`tenant_id`,`isbn`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `idx_goods_list` ON `psi_goods_info` (`tenant_id`,`create_time`,`id`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `idx_goods_stage` ON `psi_goods_info` (`tenant_id`,`school_stage`,`create_time`,`id`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `idx_goods_subject` ON `psi_goods_info` (`tenant_id`,`subject`,`create_time`,`id`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `idx_goods_code` ON `psi_goods_info` (`tenant_id`,`goods_code`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE TABLE `psi_sequence` (
	`tenant_id` text NOT NULL,
	`prefix` text NOT NULL,
	`day` text NOT NULL,
	`last_value` integer NOT NULL,
	PRIMARY KEY(`tenant_id`, `prefix`, `day`)
);
--> statement-breakpoint
CREATE TABLE `psi_purchase_detail` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`create_user` integer,
	`create_dept` integer,
	`create_time` text,
	`update_user` integer,
	`update_time` text,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`purchase_id` integer NOT NULL,
	`goods_id` integer NOT NULL,
	`isbn` text NOT NULL,
	`goods_name` text NOT NULL,
	`publisher` text,
	`edition` text,
	`price` integer NOT NULL,
	`discount` integer NOT NULL,
	`unit_price` integer NOT NULL,
	`quantity` integer NOT NULL,
	`list_amount` integer NOT NULL,
	`amount` integer NOT NULL,
	`sort` integer,
	`remark` text,
	`received_quantity` integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ck_purchase_qty" CHECK("psi_purchase_detail"."quantity" >= 1),
	CONSTRAINT "ck_purchase_received" CHECK("psi_purchase_detail"."received_quantity" >= 0 AND "psi_purchase_detail"."received_quantity" <= "psi_purchase_detail"."quantity")
);
--> statement-breakpoint
CREATE INDEX `idx_purchase_detail` ON `psi_purchase_detail` (`purchase_id`,`is_deleted`,`sort`);--> statement-breakpoint
CREATE UNIQUE INDEX `uk_purchase_line` ON `psi_purchase_detail` (`purchase_id`,`goods_id`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE TABLE `psi_purchase_detail_depository` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`create_user` integer,
	`create_dept` integer,
	`create_time` text,
	`update_user` integer,
	`update_time` text,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`purchase_id` integer NOT NULL,
	`source_detail_id` integer,
	`goods_id` integer NOT NULL,
	`isbn` text NOT NULL,
	`goods_name` text NOT NULL,
	`publisher` text,
	`edition` text,
	`price` integer NOT NULL,
	`discount` integer NOT NULL,
	`unit_price` integer NOT NULL,
	`quantity` integer NOT NULL,
	`list_amount` integer NOT NULL,
	`amount` integer NOT NULL,
	`sort` integer,
	`remark` text,
	`delivered_quantity` integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ck_pod_qty" CHECK("psi_purchase_detail_depository"."quantity" >= 1),
	CONSTRAINT "ck_pod_delivered" CHECK("psi_purchase_detail_depository"."delivered_quantity" >= 0 AND "psi_purchase_detail_depository"."delivered_quantity" <= "psi_purchase_detail_depository"."quantity")
);
--> statement-breakpoint
CREATE INDEX `idx_pod_detail` ON `psi_purchase_detail_depository` (`purchase_id`,`is_deleted`,`sort`);--> statement-breakpoint
CREATE UNIQUE INDEX `uk_pod_line` ON `psi_purchase_detail_depository` (`purchase_id`,`goods_id`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE TABLE `psi_purchase_detail_yypt` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`create_user` integer,
	`create_dept` integer,
	`create_time` text,
	`update_user` integer,
	`update_time` text,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`purchase_id` integer NOT NULL,
	`goods_id` integer NOT NULL,
	`isbn` text NOT NULL,
	`goods_name` text NOT NULL,
	`publisher` text,
	`edition` text,
	`price` integer NOT NULL,
	`discount` integer NOT NULL,
	`unit_price` integer NOT NULL,
	`quantity` integer NOT NULL,
	`list_amount` integer NOT NULL,
	`amount` integer NOT NULL,
	`sort` integer,
	`remark` text,
	`delivered_quantity` integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ck_yypt_qty" CHECK("psi_purchase_detail_yypt"."quantity" >= 1),
	CONSTRAINT "ck_yypt_delivered" CHECK("psi_purchase_detail_yypt"."delivered_quantity" >= 0 AND "psi_purchase_detail_yypt"."delivered_quantity" <= "psi_purchase_detail_yypt"."quantity")
);
--> statement-breakpoint
CREATE INDEX `idx_yypt_detail` ON `psi_purchase_detail_yypt` (`purchase_id`,`is_deleted`,`sort`);--> statement-breakpoint
CREATE UNIQUE INDEX `uk_yypt_line` ON `psi_purchase_detail_yypt` (`purchase_id`,`goods_id`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE TABLE `psi_purchase_order` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`create_user` integer,
	`create_dept` integer,
	`create_time` text,
	`update_user` integer,
	`update_time` text,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`order_no` text NOT NULL,
	`supplier_name` text NOT NULL,
	`supplier_contact` text,
	`depository_id` integer NOT NULL,
	`term` text NOT NULL,
	`expected_date` text,
	`total_quantity` integer DEFAULT 0 NOT NULL,
	`total_list_amount` integer DEFAULT 0 NOT NULL,
	`total_amount` integer DEFAULT 0 NOT NULL,
	`received_quantity` integer DEFAULT 0 NOT NULL,
	`order_status` integer DEFAULT 1 NOT NULL,
	`submit_time` text NOT NULL,
	`audit_user` integer,
	`audit_time` text,
	`audit_remark` text,
	`storage_user` integer,
	`storage_time` text,
	`storage_remark` text,
	`remark` text,
	`version` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uk_purchase_no` ON `psi_purchase_order` (`tenant_id`,`order_no`);--> statement-breakpoint
CREATE INDEX `idx_purchase_list` ON `psi_purchase_order` (`tenant_id`,`create_time`,`id`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `idx_purchase_depository` ON `psi_purchase_order` (`tenant_id`,`depository_id`,`create_time`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE TABLE `psi_purchase_order_depository` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`create_user` integer,
	`create_dept` integer,
	`create_time` text,
	`update_user` integer,
	`update_time` text,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`order_no` text NOT NULL,
	`source_type` integer NOT NULL,
	`source_id` integer,
	`source_no` text,
	`school_id` integer NOT NULL,
	`depository_id` integer NOT NULL,
	`term` text NOT NULL,
	`receiver_name` text NOT NULL,
	`receiver_phone` text NOT NULL,
	`receiver_address` text NOT NULL,
	`total_quantity` integer DEFAULT 0 NOT NULL,
	`total_list_amount` integer DEFAULT 0 NOT NULL,
	`total_amount` integer DEFAULT 0 NOT NULL,
	`delivered_quantity` integer DEFAULT 0 NOT NULL,
	`order_status` integer DEFAULT 1 NOT NULL,
	`pay_status` integer DEFAULT 0 NOT NULL,
	`submit_time` text NOT NULL,
	`audit_user` integer,
	`audit_time` text,
	`audit_remark` text,
	`remark` text,
	`version` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uk_pod_no` ON `psi_purchase_order_depository` (`tenant_id`,`order_no`);--> statement-breakpoint
CREATE UNIQUE INDEX `uk_pod_source` ON `psi_purchase_order_depository` (`tenant_id`,`source_id`) WHERE source_type = 1 AND is_deleted = 0;--> statement-breakpoint
CREATE INDEX `idx_pod_list` ON `psi_purchase_order_depository` (`tenant_id`,`create_time`,`id`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `idx_pod_depository` ON `psi_purchase_order_depository` (`tenant_id`,`depository_id`,`create_time`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `idx_pod_school` ON `psi_purchase_order_depository` (`tenant_id`,`school_id`,`create_time`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE TABLE `psi_purchase_order_yypt` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`create_user` integer,
	`create_dept` integer,
	`create_time` text,
	`update_user` integer,
	`update_time` text,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`order_no` text NOT NULL,
	`school_id` integer NOT NULL,
	`depository_id` integer NOT NULL,
	`term` text NOT NULL,
	`receiver_name` text NOT NULL,
	`receiver_phone` text NOT NULL,
	`receiver_address` text NOT NULL,
	`total_quantity` integer DEFAULT 0 NOT NULL,
	`total_list_amount` integer DEFAULT 0 NOT NULL,
	`total_amount` integer DEFAULT 0 NOT NULL,
	`delivered_quantity` integer DEFAULT 0 NOT NULL,
	`order_status` integer DEFAULT 1 NOT NULL,
	`pay_status` integer DEFAULT 0 NOT NULL,
	`depository_order_id` integer,
	`submit_time` text NOT NULL,
	`audit_user` integer,
	`audit_time` text,
	`audit_remark` text,
	`remark` text,
	`version` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uk_yypt_no` ON `psi_purchase_order_yypt` (`tenant_id`,`order_no`);--> statement-breakpoint
CREATE INDEX `idx_yypt_order_list` ON `psi_purchase_order_yypt` (`tenant_id`,`create_time`,`id`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `idx_yypt_order_school` ON `psi_purchase_order_yypt` (`tenant_id`,`school_id`,`create_time`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE TABLE `psi_school_info` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`create_user` integer,
	`create_dept` integer,
	`create_time` text,
	`update_user` integer,
	`update_time` text,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`school_code` text NOT NULL,
	`school_name` text NOT NULL,
	`school_type` integer NOT NULL,
	`region_code` text NOT NULL,
	`region_name` text,
	`address` text,
	`contact_name` text,
	`contact_phone` text,
	`user_id` integer,
	`depository_id` integer,
	`student_count` integer,
	`account_balance` integer DEFAULT 0 NOT NULL,
	`remark` text,
	`version` integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ck_school_balance" CHECK("psi_school_info"."account_balance" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uk_school_code` ON `psi_school_info` (`tenant_id`,`school_code`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX `uk_school_user` ON `psi_school_info` (`tenant_id`,`user_id`) WHERE is_deleted = 0 AND user_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX `idx_school_list` ON `psi_school_info` (`tenant_id`,`create_time`,`id`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `idx_school_depository` ON `psi_school_info` (`tenant_id`,`depository_id`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE TABLE `psi_school_yypt_info` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`create_user` integer,
	`create_dept` integer,
	`create_time` text,
	`update_user` integer,
	`update_time` text,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`school_id` integer NOT NULL,
	`school_code` text NOT NULL,
	`school_name` text NOT NULL,
	`school_type` integer,
	`region_code` text,
	`region_name` text,
	`address` text,
	`contact_name` text,
	`contact_phone` text,
	`student_count` integer,
	`default_depository_code` text,
	`discount` integer DEFAULT 10000 NOT NULL,
	`salesman` text,
	`salesman_phone` text,
	`contract_no` text,
	`import_batch_no` text,
	`import_time` text,
	`remark` text,
	CONSTRAINT "ck_yypt_discount" CHECK("psi_school_yypt_info"."discount" > 0 AND "psi_school_yypt_info"."discount" <= 10000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uk_yypt_school_code` ON `psi_school_yypt_info` (`tenant_id`,`school_code`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `idx_yypt_school` ON `psi_school_yypt_info` (`tenant_id`,`school_id`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `idx_yypt_list` ON `psi_school_yypt_info` (`tenant_id`,`create_time`,`id`) WHERE is_deleted = 0;