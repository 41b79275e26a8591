import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RECORDED_KINDS, SECRET_PLACEHOLDER, type RecordingManifest } from '../src/model/recording';
import { md5Hex, verifyPassword } from '../src/password';
import { seed } from '../src/seed';
import { closeDatabases, freshDatabase } from './helpers';

afterEach(closeDatabases);

const audit = {
  createUser: '1',
  createDept: '1',
  createTime: '2025-01-02 03:04:05',
  status: 1,
  isDeleted: 0,
};

/** A small recording of tenant 200001, written as the recorder writes one. */
function writeRecording(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psi-recorded-'));
  const manifest: RecordingManifest = {
    source: 'http://gateway.example/api',
    line: 'bladex',
    tenant: '200001',
    account: 'boss',
    recordedAt: '2025-01-02T03:04:05.000Z',
    userPassword: 'Recorded@1',
    counts: {},
    notRecorded: {},
  };
  const kinds: Partial<Record<keyof typeof RECORDED_KINDS, unknown[]>> = {
    tenant: [{ id: '900', tenantId: '200001', tenantName: 'Recorded Co', accountNumber: -1, ...audit }],
    menus: [
      {
        id: '910',
        parentId: '0',
        code: 'desk',
        name: '工作台',
        alias: 'menu',
        path: '/desk',
        sort: 1,
        category: 1,
        action: 0,
        isOpen: 1,
        parentName: '顶级',
        ...audit,
      },
      {
        id: '911',
        parentId: '910',
        code: 'notice',
        name: '通知',
        alias: 'menu',
        path: '/desk/notice',
        sort: 1,
        category: 1,
        action: 0,
        isOpen: 1,
        menuIcon: 'bell',
        ...audit,
      },
    ],
    roles: [
      {
        id: '920',
        tenantId: '200001',
        parentId: '0',
        roleName: 'Boss',
        roleAlias: 'boss',
        sort: 1,
        ...audit,
        grants: { menu: ['910', '911', '999'], dataScope: [], apiScope: ['77'] },
      },
    ],
    depts: [
      {
        id: '930',
        tenantId: '200001',
        parentId: '0',
        ancestors: '0',
        deptCategory: 1,
        deptName: 'HQ',
        sort: 1,
        ...audit,
      },
    ],
    clients: [
      {
        id: '940',
        clientId: 'saber',
        clientSecret: SECRET_PLACEHOLDER,
        scope: 'all',
        authorizedGrantTypes: 'password,refresh_token',
        accessTokenValidity: 3600,
        refreshTokenValidity: 604800,
        ...audit,
      },
    ],
    users: [
      {
        id: '950',
        tenantId: '200001',
        account: 'boss',
        userType: 1,
        name: 'Boss',
        roleId: '920,921',
        deptId: '930',
        postId: '',
        sex: '',
        birthday: '',
        ...audit,
      },
    ],
  };
  for (const [kind, rows] of Object.entries(kinds))
    fs.writeFileSync(
      path.join(dir, RECORDED_KINDS[kind as keyof typeof RECORDED_KINDS]),
      JSON.stringify(rows),
    );
  fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

describe('SEED=recorded:<dir>', () => {
  it('seeds the recorded tenant with its ids, keeps the super-admin, and lists what it could not map', () => {
    const handle = freshDatabase();
    let unmapped: string[] | undefined;
    seed(handle, 'minimal', { recorded: { dir: writeRecording(), onUnmapped: (u) => (unmapped = u) } });
    const one = <T>(sql: string, ...args: unknown[]) => handle.sqlite.prepare(sql).get(...args) as T;
    const all = <T>(sql: string, ...args: unknown[]) => handle.sqlite.prepare(sql).all(...args) as T[];

    expect(unmapped).toEqual([
      'menus: field "menuIcon" has no column (1 row)',
      'users 950 (boss): its role 921 is not recorded',
      'roles 920: its grant of menu 999 names no recorded menu',
      'roles 920: its grant of api scope 77 names no recorded scope',
    ]);
    expect(one<{ n: bigint }>('SELECT count(*) AS n FROM blade_menu').n).toBe(2n);
    expect(
      all<{ id: bigint }>('SELECT menu_id AS id FROM blade_role_menu WHERE role_id = 920').map((r) =>
        String(r.id),
      ),
    ).toEqual(['910', '911']);
    const boss = one<{ password: string; roleId: string; createTime: string }>(
      `SELECT password, role_id AS roleId, create_time AS createTime FROM blade_user WHERE tenant_id = '200001' AND account = 'boss'`,
    );
    expect(boss.roleId).toBe('920');
    expect(boss.createTime).toBe(audit.createTime);
    expect(verifyPassword(boss.password, md5Hex('Recorded@1'))).toBe(true);
    const admin = one<{ password: string }>(
      `SELECT password FROM blade_user WHERE tenant_id = '000000' AND account = 'admin'`,
    );
    expect(verifyPassword(admin.password, md5Hex('admin'))).toBe(true);
    expect(
      one<{ s: string }>(`SELECT client_secret AS s FROM blade_client WHERE client_id = 'saber'`).s,
    ).toBe('saber_secret');
    expect(
      one<{ name: string }>(`SELECT tenant_name AS name FROM blade_tenant WHERE tenant_id = '200001'`).name,
    ).toBe('Recorded Co');
  });

  it('over the demo keeps the fixture menus the recording does not name', () => {
    const handle = freshDatabase();
    seed(handle, 'demo', { recorded: { dir: writeRecording(), onUnmapped: () => undefined } });
    const n = (handle.sqlite.prepare('SELECT count(*) AS n FROM blade_menu').get() as { n: bigint }).n;
    expect(n).toBeGreaterThan(100n);
    // the recording wins where both have a menu of the same code
    const desk = handle.sqlite.prepare(`SELECT id FROM blade_menu WHERE code = 'desk'`).get() as {
      id: bigint;
    };
    expect(String(desk.id)).toBe('910');
  });
});
