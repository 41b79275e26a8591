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
        "blade_menu": "252 035f088dfbca431a",
        "blade_notice": "3 4260ad4069ad766a",
        "blade_notice_event": "266 a5f91ad28bdf35b8",
        "blade_notice_message": "45 c9a2cd47605e6f34",
        "blade_notice_read": "0 e3b0c44298fc1c14",
        "blade_oss": "0 e3b0c44298fc1c14",
        "blade_param": "7 f1bf33573a0c528b",
        "blade_post": "8 1332e2c44779e637",
        "blade_process_leave": "0 e3b0c44298fc1c14",
        "blade_refresh_token": "0 e3b0c44298fc1c14",
        "blade_region": "3352 ca5e3f375f0cf58a",
        "blade_report_file": "6 b54e1853ad515203",
        "blade_role": "15 0b66981fcea26e41",
        "blade_role_menu": "938 39234dbda7ccf390",
        "blade_role_scope": "0 e3b0c44298fc1c14",
        "blade_scope_api": "0 e3b0c44298fc1c14",
        "blade_scope_data": "0 e3b0c44298fc1c14",
        "blade_sms": "0 e3b0c44298fc1c14",
        "blade_sms_record": "0 e3b0c44298fc1c14",
        "blade_tenant": "3 45d65666839fabb3",
        "blade_tenant_package": "0 e3b0c44298fc1c14",
        "blade_token_revocation": "0 e3b0c44298fc1c14",
        "blade_top_menu": "3 0e3dfa2f4a2aefd4",
        "blade_top_menu_setting": "65 cee0bcecc358b8d8",
        "blade_user": "18 f3265d1c62b5341f",
        "blade_user_oauth": "0 e3b0c44298fc1c14",
        "flow_activity": "0 e3b0c44298fc1c14",
        "flow_deployment": "1 229005f90393c569",
        "flow_instance": "0 e3b0c44298fc1c14",
        "flow_model": "1 b6cf220136a589bc",
        "flow_task": "0 e3b0c44298fc1c14",
        "psi_account_statement": "16 b610f12b04a93a2e",
        "psi_delivery_detail": "14 78fc7ac6929f4b2e",
        "psi_delivery_order": "5 8e2b4e8b2646613e",
        "psi_depository_check": "2 2a30fd627c07d579",
        "psi_depository_check_detail": "6 fe877547ff0d9f07",
        "psi_depository_info": "5 08290db9014908b1",
        "psi_depository_log": "51 301a3cb3bd9e7494",
        "psi_depository_stock": "37 e06d2b0d7abd3dd7",
        "psi_goods_fts": "34 74e39686a2819dfe",
        "psi_goods_fts_config": "1",
        "psi_goods_fts_data": "7",
        "psi_goods_fts_docsize": "34",
        "psi_goods_fts_idx": "5",
        "psi_goods_info": "34 685f9117c8524aaf",
        "psi_purchase_detail": "42 18f71f9c0cd445fc",
        "psi_purchase_detail_depository": "24 2b78dcf07e3f24b8",
        "psi_purchase_detail_yypt": "27 1f1c4144c7f70ca4",
        "psi_purchase_order": "11 169c7e0bb78aeb6f",
        "psi_purchase_order_depository": "7 e2886d35c7da5a6e",
        "psi_purchase_order_yypt": "10 3865a02a24db50ce",
        "psi_school_info": "10 8b35eaf07c3444e1",
        "psi_school_yypt_info": "9 9d511c2fac381579",
        "psi_sequence": "37 be62e1ff142b6164",
      }
    `);
  });
});
