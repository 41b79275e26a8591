CREATE TABLE `flow_activity` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`instance_id` integer NOT NULL,
	`activity_id` text NOT NULL,
	`activity_name` text,
	`activity_type` text NOT NULL,
	`task_id` integer,
	`assignee` integer,
	`assignee_name` text,
	`comment` text,
	`pass` integer,
	`start_time` text NOT NULL,
	`end_time` text,
	`duration` integer,
	`delete_reason` text,
	`seq` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `idx_flow_activity_instance` ON `flow_activity` (`instance_id`,`seq`);--> statement-breakpoint
CREATE INDEX `idx_flow_activity_assignee` ON `flow_activity` (`tenant_id`,`assignee`,`activity_type`);--> statement-breakpoint
CREATE TABLE `flow_deployment` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`definition_id` text NOT NULL,
	`process_key` text NOT NULL,
	`name` text NOT NULL,
	`version` integer NOT NULL,
	`category` text,
	`description` text,
	`resource_name` text NOT NULL,
	`xml` text NOT NULL,
	`suspension_state` integer DEFAULT 1 NOT NULL,
	`model_id` integer,
	`deploy_time` text NOT NULL,
	`create_user` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uk_flow_definition` ON `flow_deployment` (`definition_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `uk_flow_deployment_version` ON `flow_deployment` (`tenant_id`,`process_key`,`version`);--> statement-breakpoint
CREATE TABLE `flow_instance` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`deployment_id` integer NOT NULL,
	`definition_id` text NOT NULL,
	`business_key` text,
	`start_user` integer NOT NULL,
	`start_user_name` text,
	`start_time` text NOT NULL,
	`end_time` text,
	`state` integer DEFAULT 1 NOT NULL,
	`delete_reason` text,
	`variables` text DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `idx_flow_instance_user` ON `flow_instance` (`tenant_id`,`start_user`,`start_time`);--> statement-breakpoint
CREATE INDEX `idx_flow_instance_state` ON `flow_instance` (`tenant_id`,`state`,`start_time`);--> statement-breakpoint
CREATE INDEX `idx_flow_instance_deployment` ON `flow_instance` (`deployment_id`);--> statement-breakpoint
CREATE TABLE `flow_model` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`model_key` text NOT NULL,
	`name` text NOT NULL,
	`category` text,
	`description` text,
	`xml` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`create_user` integer,
	`create_dept` integer,
	`create_time` text,
	`update_user` integer,
	`update_time` text,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uk_flow_model_key` ON `flow_model` (`tenant_id`,`model_key`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE TABLE `flow_task` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`instance_id` integer NOT NULL,
	`activity_id` text NOT NULL,
	`name` text NOT NULL,
	`assignee` integer,
	`candidate_users` text DEFAULT '' NOT NULL,
	`candidate_groups` text DEFAULT '' NOT NULL,
	`create_time` text NOT NULL,
	`claim_time` text
);
--> statement-breakpoint
CREATE INDEX `idx_flow_task_instance` ON `flow_task` (`instance_id`);--> statement-breakpoint
CREATE INDEX `idx_flow_task_assignee` ON `flow_task` (`tenant_id`,`assignee`);--> statement-breakpoint
CREATE TABLE `blade_process_leave` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`process_definition_id` text NOT NULL,
	`process_instance_id` integer,
	`leave_type` integer NOT NULL,
	`start_time` text NOT NULL,
	`end_time` text NOT NULL,
	`days` integer NOT NULL,
	`reason` text NOT NULL,
	`task_user` integer NOT NULL,
	`apply_time` text NOT NULL,
	`create_user` integer,
	`create_dept` integer,
	`create_time` text,
	`update_user` integer,
	`update_time` text,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `idx_process_leave_instance` ON `blade_process_leave` (`process_instance_id`);