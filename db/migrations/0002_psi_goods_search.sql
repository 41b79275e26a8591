-- Title search on the catalogue: an FTS5 trigram index over psi_goods_info.goods_name (external
-- content, rowid = the book id), kept in step by triggers. Soft-deleted books stay in the index and
-- are filtered out by the list query, like every other read.
CREATE VIRTUAL TABLE `psi_goods_fts` USING fts5(goods_name, content='psi_goods_info', content_rowid='id', tokenize='trigram');
--> statement-breakpoint
CREATE TRIGGER `trg_goods_fts_ai` AFTER INSERT ON `psi_goods_info` BEGIN
  INSERT INTO `psi_goods_fts` (rowid, goods_name) VALUES (new.id, new.goods_name);
END;
--> statement-breakpoint
CREATE TRIGGER `trg_goods_fts_ad` AFTER DELETE ON `psi_goods_info` BEGIN
  INSERT INTO `psi_goods_fts` (`psi_goods_fts`, rowid, goods_name) VALUES ('delete', old.id, old.goods_name);
END;
--> statement-breakpoint
CREATE TRIGGER `trg_goods_fts_au` AFTER UPDATE OF goods_name ON `psi_goods_info` BEGIN
  INSERT INTO `psi_goods_fts` (`psi_goods_fts`, rowid, goods_name) VALUES ('delete', old.id, old.goods_name);
  INSERT INTO `psi_goods_fts` (rowid, goods_name) VALUES (new.id, new.goods_name);
END;
