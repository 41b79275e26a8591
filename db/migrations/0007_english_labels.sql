ALTER TABLE `blade_dict` ADD `dict_value_en` text;--> statement-breakpoint
ALTER TABLE `blade_dict_biz` ADD `dict_value_en` text;--> statement-breakpoint
ALTER TABLE `blade_menu` ADD `name_en` text;--> statement-breakpoint
ALTER TABLE `blade_top_menu` ADD `name_en` text;