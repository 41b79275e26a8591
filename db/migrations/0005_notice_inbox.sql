CREATE TABLE `blade_notice_event` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`audience` text NOT NULL,
	`target` text DEFAULT '' NOT NULL,
	`tab` text NOT NULL,
	`message_id` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `blade_notice_message` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`user_id` integer NOT NULL,
	`category` text NOT NULL,
	`biz_type` text NOT NULL,
	`biz_id` integer,
	`biz_no` text,
	`amount` integer,
	`create_time` text NOT NULL,
	`read_time` text
);
--> statement-breakpoint
CREATE INDEX `idx_notice_message_user` ON `blade_notice_message` (`tenant_id`,`user_id`,`id`);--> statement-breakpoint
CREATE TABLE `blade_notice_read` (
	`user_id` integer NOT NULL,
	`notice_id` integer NOT NULL,
	`read_time` text NOT NULL,
	PRIMARY KEY(`user_id`, `notice_id`)
);
