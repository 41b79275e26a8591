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
        "blade_client": "2 effd63a4b1ffd20c",
        "blade_code": "0 e3b0c44298fc1c14",
        "blade_datasource": "0 e3b0c44298fc1c14",
        "blade_dept": "5 9578da4c202ecd82",
        "blade_dict": "152 4affb329dace85cf",
        "blade_dict_biz": "0 e3b0c44298fc1c14",
        "blade_log_api": "0 e3b0c44298fc1c14",
        "blade_log_error": "0 e3b0c44298fc1c14",
        "blade_log_usual": "0 e3b0c44298fc1c14",
        "blade_login_failure": "0 e3b0c44298fc1c14",
        "blade_menu": "250 cd064bffcb0641e5",
        "blade_notice": "3 a857eaafc249126f",
        "blade_notice_event": "266 da2974e8b324cda3",
        "blade_notice_message": "45 1a7749f5782d402a",
        "blade_notice_read": "0 e3b0c44298fc1c14",
        "blade_oss": "0 e3b0c44298fc1c14",
        "blade_param": "7 782d23e2cf54632b",
        "blade_post": "8 fbc40abc32cf759e",
        "blade_process_leave": "0 e3b0c44298fc1c14",
        "blade_refresh_token": "0 e3b0c44298fc1c14",
        "blade_region": "3352 ca5e3f375f0cf58a",
        "blade_report_file": "6 29e3f9315dfb6829",
        "blade_role": "15 d703b8a09dfed046",
        "blade_role_menu": "943 b57316d01b6f3577",
        "blade_role_scope": "0 e3b0c44298fc1c14",
        "blade_scope_api": "0 e3b0c44298fc1c14",
        "blade_scope_data": "0 e3b0c44298fc1c14",
        "blade_sms": "0 e3b0c44298fc1c14",
        "blade_sms_record": "0 e3b0c44298fc1c14",
        "blade_tenant": "3 acde88cd294e7377",
        "blade_tenant_package": "0 e3b0c44298fc1c14",
        "blade_token_revocation": "0 e3b0c44298fc1c14",
        "blade_top_menu": "3 f8d70bfb27243ba7",
        "blade_top_menu_setting": "65 373b6d4481f03adc",
        "blade_user": "18 5eacff0458248733",
        "blade_user_oauth": "0 e3b0c44298fc1c14",
        "flow_activity": "0 e3b0c44298fc1c14",
        "flow_deployment": "1 4d8ac976fb64185a",
        "flow_instance": "0 e3b0c44298fc1c14",
        "flow_model": "1 5e604ce768d925b7",
        "flow_task": "0 e3b0c44298fc1c14",
        "psi_account_statement": "16 725108e150fac8a1",
        "psi_delivery_detail": "14 f1831dea236dc327",
        "psi_delivery_order": "5 599a08e7a64986e4",
        "psi_depository_check": "2 668c7dedcc4eb251",
        "psi_depository_check_detail": "6 b4da47cfbdd7a7fd",
        "psi_depository_info": "5 2df2aefbf8767158",
        "psi_depository_log": "51 aaaf19afdcd902f7",
        "psi_depository_stock": "37 62cc48f66fee400d",
        "psi_goods_fts": "34 74e39686a2819dfe",
        "psi_goods_fts_config": "1",
        "psi_goods_fts_data": "7",
        "psi_goods_fts_docsize": "34",
        "psi_goods_fts_idx": "5",
        "psi_goods_info": "34 ed7d5802a3dd524d",
        "psi_purchase_detail": "42 e3d74818f23b64a7",
        "psi_purchase_detail_depository": "24 7910b1ddd1eef605",
        "psi_purchase_detail_yypt": "27 0639acf473e8e7cf",
        "psi_purchase_order": "11 63cb67911ae0e2a3",
        "psi_purchase_order_depository": "7 af8d91f93ddbf87a",
        "psi_purchase_order_yypt": "10 1b80441eca6af725",
        "psi_school_info": "10 184e64359aef9b91",
        "psi_school_yypt_info": "9 b7dd99754aeb8fb0",
        "psi_sequence": "37 be62e1ff142b6164",
      }
    `);
  });
});
