CREATE TABLE `blade_attach` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`link` text NOT NULL,
	`domain` text,
	`name` text NOT NULL,
	`original_name` text NOT NULL,
	`extension` text,
	`attach_size` integer DEFAULT 0 NOT NULL,
	`create_user` integer,
	`create_dept` integer,
	`create_time` text,
	`update_user` integer,
	`update_time` text,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `blade_client` (
	`id` integer PRIMARY KEY NOT NULL,
	`client_id` text NOT NULL,
	`client_secret` text NOT NULL,
	`resource_ids` text,
	`scope` text DEFAULT 'all' NOT NULL,
	`authorized_grant_types` text NOT NULL,
	`web_server_redirect_uri` text,
	`authorities` text,
	`access_token_validity` integer DEFAULT 3600 NOT NULL,
	`refresh_token_validity` integer DEFAULT 604800 NOT NULL,
	`additional_information` text,
	`autoapprove` text,
	`create_user` integer,
	`create_dept` integer,
	`create_time` text,
	`update_user` integer,
	`update_time` text,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uk_client_id` ON `blade_client` (`client_id`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE TABLE `blade_code` (
	`id` integer PRIMARY KEY NOT NULL,
	`datasource_id` integer,
	`service_name` text,
	`code_name` text NOT NULL,
	`table_name` text NOT NULL,
	`table_prefix` text,
	`pk_name` text,
	`package_name` text,
	`base_mode` integer DEFAULT 1 NOT NULL,
	`wrap_mode` integer DEFAULT 1 NOT NULL,
	`api_path` text,
	`web_path` text,
	`create_user` integer,
	`create_dept` integer,
	`create_time` text,
	`update_user` integer,
	`update_time` text,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `blade_datasource` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`driver_class` text NOT NULL,
	`url` text NOT NULL,
	`username` text,
	`password` text,
	`remark` text,
	`create_user` integer,
	`create_dept` integer,
	`create_time` text,
	`update_user` integer,
	`update_time` text,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `blade_dept` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`parent_id` integer DEFAULT '0' NOT NULL,
	`ancestors` text DEFAULT '0' NOT NULL,
	`dept_category` integer DEFAULT 1 NOT NULL,
	`dept_name` text NOT NULL,
	`full_name` text,
	`sort` integer DEFAULT 1 NOT NULL,
	`remark` text,
	`create_user` integer,
	`create_dept` integer,
	`create_time` text,
	`update_user` integer,
	`update_time` text,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `idx_dept_parent` ON `blade_dept` (`parent_id`);--> statement-breakpoint
CREATE TABLE `blade_dict` (
	`id` integer PRIMARY KEY NOT NULL,
	`parent_id` integer DEFAULT '0' NOT NULL,
	`code` text NOT NULL,
	`dict_key` text DEFAULT '-1' NOT NULL,
	`dict_value` text NOT NULL,
	`sort` integer DEFAULT 1 NOT NULL,
	`remark` text,
	`is_sealed` integer DEFAULT 0 NOT NULL,
	`create_user` integer,
	`create_dept` integer,
	`create_time` text,
	`update_user` integer,
	`update_time` text,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `idx_dict_code` ON `blade_dict` (`code`,`parent_id`);--> statement-breakpoint
CREATE TABLE `blade_dict_biz` (
	`id` integer PRIMARY KEY NOT NULL,
	`parent_id` integer DEFAULT '0' NOT NULL,
	`code` text NOT NULL,
	`dict_key` text DEFAULT '-1' NOT NULL,
	`dict_value` text NOT NULL,
	`sort` integer DEFAULT 1 NOT NULL,
	`remark` text,
	`is_sealed` integer DEFAULT 0 NOT NULL,
	`create_user` integer,
	`create_dept` integer,
	`create_time` text,
	`update_user` integer,
	`update_time` text,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `idx_dict_biz_code` ON `blade_dict_biz` (`tenant_id`,`code`,`parent_id`);--> statement-breakpoint
CREATE TABLE `blade_log_api` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`service_id` text,
	`server_host` text,
	`server_ip` text,
	`env` text,
	`method` text,
	`request_uri` text,
	`user_agent` text,
	`remote_ip` text,
	`method_class` text,
	`method_name` text,
	`params` text,
	`time` text,
	`create_by` text,
	`create_time` text,
	`type` text DEFAULT '1' NOT NULL,
	`title` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `idx_log_api_time` ON `blade_log_api` (`tenant_id`,`create_time`);--> statement-breakpoint
CREATE TABLE `blade_log_error` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`service_id` text,
	`server_host` text,
	`server_ip` text,
	`env` text,
	`method` text,
	`request_uri` text,
	`user_agent` text,
	`remote_ip` text,
	`method_class` text,
	`method_name` text,
	`params` text,
	`time` text,
	`create_by` text,
	`create_time` text,
	`stack_trace` text,
	`exception_name` text,
	`message` text,
	`line_number` integer,
	`file_name` text
);
--> statement-breakpoint
CREATE INDEX `idx_log_error_time` ON `blade_log_error` (`tenant_id`,`create_time`);--> statement-breakpoint
CREATE TABLE `blade_log_usual` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`service_id` text,
	`server_host` text,
	`server_ip` text,
	`env` text,
	`method` text,
	`request_uri` text,
	`user_agent` text,
	`remote_ip` text,
	`method_class` text,
	`method_name` text,
	`params` text,
	`time` text,
	`create_by` text,
	`create_time` text,
	`log_level` text,
	`log_id` text,
	`log_data` text
);
--> statement-breakpoint
CREATE INDEX `idx_log_usual_time` ON `blade_log_usual` (`tenant_id`,`create_time`);--> statement-breakpoint
CREATE TABLE `blade_login_failure` (
	`tenant_id` text NOT NULL,
	`account` text NOT NULL,
	`fail_count` integer DEFAULT 0 NOT NULL,
	`first_fail_at` integer NOT NULL,
	PRIMARY KEY(`tenant_id`, `account`)
);
--> statement-breakpoint
CREATE TABLE `blade_menu` (
	`id` integer PRIMARY KEY NOT NULL,
	`parent_id` integer DEFAULT '0' NOT NULL,
	`code` text NOT NULL,
	`name` text NOT NULL,
	`alias` text DEFAULT 'menu' NOT NULL,
	`path` text,
	`source` text,
	`sort` integer DEFAULT 1 NOT NULL,
	`category` integer DEFAULT 1 NOT NULL,
	`action` integer DEFAULT 0 NOT NULL,
	`is_open` integer DEFAULT 1 NOT NULL,
	`remark` text,
	`create_user` integer,
	`create_dept` integer,
	`create_time` text,
	`update_user` integer,
	`update_time` text,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `idx_menu_parent` ON `blade_menu` (`parent_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `uk_menu_code` ON `blade_menu` (`code`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE TABLE `blade_notice` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`title` text NOT NULL,
	`category` integer NOT NULL,
	`release_time` text,
	`content` text,
	`create_user` integer,
	`create_dept` integer,
	`create_time` text,
	`update_user` integer,
	`update_time` text,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `idx_notice_tenant` ON `blade_notice` (`tenant_id`,`is_deleted`,`create_time`);--> statement-breakpoint
CREATE TABLE `blade_oss` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`category` integer DEFAULT 1 NOT NULL,
	`oss_code` text NOT NULL,
	`endpoint` text,
	`access_key` text,
	`secret_key` text,
	`bucket_name` text,
	`app_id` text,
	`region` text,
	`remark` text,
	`create_user` integer,
	`create_dept` integer,
	`create_time` text,
	`update_user` integer,
	`update_time` text,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `blade_param` (
	`id` integer PRIMARY KEY NOT NULL,
	`param_name` text NOT NULL,
	`param_key` text NOT NULL,
	`param_value` text NOT NULL,
	`remark` text,
	`create_user` integer,
	`create_dept` integer,
	`create_time` text,
	`update_user` integer,
	`update_time` text,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uk_param_key` ON `blade_param` (`param_key`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE TABLE `blade_post` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`category` integer DEFAULT 1 NOT NULL,
	`post_code` text NOT NULL,
	`post_name` text NOT NULL,
	`sort` integer DEFAULT 1 NOT NULL,
	`remark` text,
	`create_user` integer,
	`create_dept` integer,
	`create_time` text,
	`update_user` integer,
	`update_time` text,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `blade_refresh_token` (
	`jti` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`tenant_id` text NOT NULL,
	`client_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked` integer DEFAULT 0 NOT NULL,
	`create_time` text
);
--> statement-breakpoint
CREATE INDEX `idx_refresh_user` ON `blade_refresh_token` (`user_id`);--> statement-breakpoint
CREATE TABLE `blade_region` (
	`code` text PRIMARY KEY NOT NULL,
	`parent_code` text DEFAULT '00' NOT NULL,
	`ancestors` text,
	`name` text NOT NULL,
	`province_code` text,
	`province_name` text,
	`city_code` text,
	`city_name` text,
	`district_code` text,
	`district_name` text,
	`town_code` text,
	`town_name` text,
	`village_code` text,
	`village_name` text,
	`level` integer DEFAULT 1 NOT NULL,
	`sort` integer DEFAULT 1 NOT NULL,
	`remark` text
);
--> statement-breakpoint
CREATE INDEX `idx_region_parent` ON `blade_region` (`parent_code`);--> statement-breakpoint
CREATE TABLE `blade_report_file` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`name` text NOT NULL,
	`content` text,
	`create_user` integer,
	`create_dept` integer,
	`create_time` text,
	`update_user` integer,
	`update_time` text,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `blade_role` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`parent_id` integer DEFAULT '0' NOT NULL,
	`role_name` text NOT NULL,
	`sort` integer DEFAULT 1 NOT NULL,
	`role_alias` text NOT NULL,
	`create_user` integer,
	`create_dept` integer,
	`create_time` text,
	`update_user` integer,
	`update_time` text,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `blade_role_menu` (
	`id` integer PRIMARY KEY NOT NULL,
	`menu_id` integer NOT NULL,
	`role_id` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `idx_role_menu_role` ON `blade_role_menu` (`role_id`);--> statement-breakpoint
CREATE TABLE `blade_role_scope` (
	`id` integer PRIMARY KEY NOT NULL,
	`scope_category` integer NOT NULL,
	`scope_id` integer NOT NULL,
	`role_id` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `idx_role_scope_role` ON `blade_role_scope` (`role_id`);--> statement-breakpoint
CREATE TABLE `blade_scope_api` (
	`id` integer PRIMARY KEY NOT NULL,
	`menu_id` integer NOT NULL,
	`resource_code` text NOT NULL,
	`scope_name` text NOT NULL,
	`scope_path` text NOT NULL,
	`scope_type` integer DEFAULT 1 NOT NULL,
	`remark` text,
	`create_user` integer,
	`create_dept` integer,
	`create_time` text,
	`update_user` integer,
	`update_time` text,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `blade_scope_data` (
	`id` integer PRIMARY KEY NOT NULL,
	`menu_id` integer NOT NULL,
	`resource_code` text NOT NULL,
	`scope_name` text NOT NULL,
	`scope_field` text,
	`scope_class` text,
	`scope_column` text,
	`scope_type` integer DEFAULT 1 NOT NULL,
	`scope_value` text,
	`remark` text,
	`create_user` integer,
	`create_dept` integer,
	`create_time` text,
	`update_user` integer,
	`update_time` text,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `blade_sms` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`category` integer DEFAULT 1 NOT NULL,
	`sms_code` text NOT NULL,
	`template_id` text,
	`access_key` text,
	`secret_key` text,
	`region_id` text,
	`sign_name` text,
	`remark` text,
	`create_user` integer,
	`create_dept` integer,
	`create_time` text,
	`update_user` integer,
	`update_time` text,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `blade_sms_record` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`sms_code` text NOT NULL,
	`phones` text NOT NULL,
	`params` text,
	`content` text,
	`create_user` integer,
	`create_dept` integer,
	`create_time` text,
	`update_user` integer,
	`update_time` text,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `blade_tenant` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`tenant_name` text NOT NULL,
	`domain` text,
	`background_url` text,
	`linkman` text,
	`contact_number` text,
	`address` text,
	`account_number` integer DEFAULT -1 NOT NULL,
	`expire_time` text,
	`package_id` integer,
	`datasource_id` integer,
	`license_key` text,
	`create_user` integer,
	`create_dept` integer,
	`create_time` text,
	`update_user` integer,
	`update_time` text,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uk_tenant_id` ON `blade_tenant` (`tenant_id`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE TABLE `blade_tenant_package` (
	`id` integer PRIMARY KEY NOT NULL,
	`package_name` text NOT NULL,
	`menu_id` text DEFAULT '' NOT NULL,
	`remark` text,
	`create_user` integer,
	`create_dept` integer,
	`create_time` text,
	`update_user` integer,
	`update_time` text,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `blade_top_menu` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`code` text NOT NULL,
	`name` text NOT NULL,
	`source` text,
	`path` text,
	`sort` integer DEFAULT 1 NOT NULL,
	`create_user` integer,
	`create_dept` integer,
	`create_time` text,
	`update_user` integer,
	`update_time` text,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `blade_top_menu_setting` (
	`id` integer PRIMARY KEY NOT NULL,
	`top_menu_id` integer NOT NULL,
	`menu_id` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `blade_user` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`code` text,
	`user_type` integer DEFAULT 1 NOT NULL,
	`account` text NOT NULL,
	`password` text NOT NULL,
	`name` text,
	`real_name` text,
	`avatar` text,
	`email` text,
	`phone` text,
	`birthday` text,
	`sex` integer,
	`role_id` text DEFAULT '' NOT NULL,
	`dept_id` text DEFAULT '' NOT NULL,
	`post_id` text DEFAULT '' NOT NULL,
	`user_ext` text,
	`create_user` integer,
	`create_dept` integer,
	`create_time` text,
	`update_user` integer,
	`update_time` text,
	`status` integer DEFAULT 1 NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uk_user_account` ON `blade_user` (`tenant_id`,`account`) WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX `idx_user_tenant` ON `blade_user` (`tenant_id`,`is_deleted`);--> statement-breakpoint
CREATE TABLE `blade_user_oauth` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_id` text DEFAULT '000000' NOT NULL,
	`uuid` text,
	`user_id` integer,
	`username` text,
	`nickname` text,
	`avatar` text,
	`blog` text,
	`company` text,
	`location` text,
	`email` text,
	`remark` text,
	`gender` text,
	`source` text
);
