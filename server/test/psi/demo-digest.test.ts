import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@psi/db/model';
import { demoApp } from './helpers';

/** The readings of the real clock while seeding ran: `[first, last]` in seconds since 1970. */
type Seeding = [number, number];

/**
 * The demo database in short: per table its row count and a hash of its rows, so a change to how the
 * demo is seeded that changes what it writes shows here. Generated ids become their order of first
 * appearance and readings of the real clock while seeding ran become one mark; everything else counts.
 * The full-text index's own storage (which encodes the generated ids) counts by rows only; the
 * migration journal is the schema's, not the demo's.
 */
function digest(sqlite: Database.Database, seeding: Seeding): Record<string, string> {
  const ids = new Map<bigint, number>();
  const stable = (value: unknown): unknown => {
    if (typeof value === 'bigint' && value > 1n << 40n) {
      if (!ids.has(value)) ids.set(value, ids.size + 1);
      return `#${ids.get(value)}`;
    }
    if (typeof value === 'bigint') return stable(Number(value));
    if (typeof value === 'number' && Number.isInteger(value)) {
      const seconds = value > 1e12 ? value / 1000 : value;
      return seconds >= seeding[0] && seconds <= seeding[1] ? '<seeding time>' : value;
    }
    if (typeof value !== 'string') return value;
    if (/^\d{16,20}$/.test(value)) return stable(BigInt(value));
    if (value.startsWith('$argon2')) return '<password hash>';
    const at = value.slice(0, 19).replace('T', ' ');
    if (
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(at) &&
      at >= formatDateTime(new Date(seeding[0] * 1000)) &&
      at <= formatDateTime(new Date(seeding[1] * 1000))
    )
      return '<seeding time>';
    return value.replace(/\d{16,20}/g, (id) => String(stable(BigInt(id))));
  };
  const tables = sqlite
    .prepare(
      `SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '__drizzle_migrations'
       ORDER BY name`,
    )
    .all() as { name: string; sql: string }[];
  const out: Record<string, string> = {};
  for (const { name, sql } of tables) {
    // in insertion order (ids grow with time), or the primary key's order for a table without rowid
    const rows = sqlite
      .prepare(`SELECT * FROM "${name}"${/WITHOUT ROWID\s*$/i.test(sql) ? '' : ' ORDER BY rowid'}`)
      .safeIntegers(true)
      .all() as Record<string, unknown>[];
    if (/_fts_/.test(name)) {
      out[name] = `${rows.length}`;
      continue;
    }
    const hash = createHash('sha256');
    for (const row of rows)
      hash.update(`${JSON.stringify(Object.entries(row).map(([k, v]) => [k, stable(v)]))}\n`);
    out[name] = `${rows.length} ${hash.digest('hex').slice(0, 16)}`;
  }
  return out;
}

describe('SEED=demo database digest', () => {
  it('writes the same rows as the story always has', async () => {
    const first = Math.floor(Date.now() / 1000) - 1;
    const app = await demoApp();
    const seeding: Seeding = [first, Math.ceil(Date.now() / 1000) + 1];
    expect(digest(app.ctx.sqlite, seeding)).toMatchInlineSnapshot(`
      {
        "blade_access_generation": "3 7a273c331f4c37b4",
        "blade_attach": "0 e3b0c44298fc1c14",
        "blade_client": "2 75c859080f83b3a8",
        "blade_code": "0 e3b0c44298fc1c14",
        "blade_datasource": "0 e3b0c44298fc1c14",
        "blade_dept": "5 b2826e5b92600218",
        "blade_dict": "152 14669f771e4c9498",
        "blade_dict_biz": "0 e3b0c44298fc1c14",
        "blade_log_api": "0 e3b0c44298fc1c14",
        "blade_log_error": "0 e3b0c44298fc1c14",
        "blade_log_usual": "0 e3b0c44298fc1c14",
        "blade_login_failure": "0 e3b0c44298fc1c14",
        "blade_menu": "255 bc366736c71031ac",
        "blade_notice": "3 1de90937a95c903e",
        "blade_notice_event": "266 c9ad29a89c4fefb5",
        "blade_notice_message": "45 8b3e58a0047d7103",
        "blade_notice_read": "0 e3b0c44298fc1c14",
        "blade_oss": "0 e3b0c44298fc1c14",
        "blade_param": "7 1e45505be2dfd0fb",
        "blade_post": "8 15bda9a08d0f8f70",
        "blade_process_leave": "0 e3b0c44298fc1c14",
        "blade_refresh_token": "0 e3b0c44298fc1c14",
        "blade_region": "3352 ca5e3f375f0cf58a",
        "blade_report_file": "6 1886b92f8fbb6e8a",
        "blade_role": "15 7bc80ac11c976fd0",
        "blade_role_menu": "941 e3de712389763a8f",
        "blade_role_scope": "0 e3b0c44298fc1c14",
        "blade_scope_api": "0 e3b0c44298fc1c14",
        "blade_scope_data": "0 e3b0c44298fc1c14",
        "blade_sms": "0 e3b0c44298fc1c14",
        "blade_sms_record": "0 e3b0c44298fc1c14",
        "blade_tenant": "3 2231da4df8b96a0f",
        "blade_tenant_package": "0 e3b0c44298fc1c14",
        "blade_token_revocation": "0 e3b0c44298fc1c14",
        "blade_top_menu": "3 ee43cc09e639ab69",
        "blade_top_menu_setting": "66 2a3570f65a9e1a12",
        "blade_user": "18 8d0c32935046a5c9",
        "blade_user_oauth": "0 e3b0c44298fc1c14",
        "flow_activity": "0 e3b0c44298fc1c14",
        "flow_deployment": "1 6f38ae68174e4a0e",
        "flow_instance": "0 e3b0c44298fc1c14",
        "flow_model": "1 89578553cf310147",
        "flow_task": "0 e3b0c44298fc1c14",
        "psi_account_statement": "16 24dade5cfaaf9c67",
        "psi_delivery_detail": "14 18edd5dde1bf7cbd",
        "psi_delivery_order": "5 85680cf45ce2a7bc",
        "psi_depository_check": "2 409f4ff8bbe8399e",
        "psi_depository_check_detail": "6 bdfc72773987448a",
        "psi_depository_info": "5 9a326099089ea823",
        "psi_depository_log": "51 62757b5bf0ad91ce",
        "psi_depository_stock": "37 508df98881fc9ac9",
        "psi_goods_fts": "34 74e39686a2819dfe",
        "psi_goods_fts_config": "1",
        "psi_goods_fts_data": "7",
        "psi_goods_fts_docsize": "34",
        "psi_goods_fts_idx": "5",
        "psi_goods_info": "34 9d7d43ecc15e7313",
        "psi_purchase_detail": "42 0b566d05bb4eab03",
        "psi_purchase_detail_depository": "24 831152720c0d742d",
        "psi_purchase_detail_yypt": "27 63514ec72dfb3eda",
        "psi_purchase_order": "11 49de7b7e57837678",
        "psi_purchase_order_depository": "7 f8422a124b71e217",
        "psi_purchase_order_yypt": "10 abb12972a9d67fad",
        "psi_school_info": "10 c6c8232544923cba",
        "psi_school_yypt_info": "9 a1ed91d952506fac",
        "psi_sequence": "37 be62e1ff142b6164",
      }
    `);
  });
});
