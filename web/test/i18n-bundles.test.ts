import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { accountStatementResource, tenantResource, type ResourceDef } from '@psi/db/model';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../src/i18n';
import '../src/i18n/psi';
import '../src/i18n/system';
import type { MessageKey } from '../src/i18n/resources';

const locales = import.meta.glob<Record<string, object>>('../src/i18n/locales/*/{zh,en}.ts', { eager: true });
const src = path.resolve(process.cwd(), 'src');

/** The one tree a locale module exports (`zhPsi`, `enPsi`, …). */
function treeOf(bundle: string, lang: 'zh' | 'en'): object {
  const module = locales[`../src/i18n/locales/${bundle}/${lang}.ts`];
  if (!module) throw new Error(`${bundle} has no ${lang}.ts`);
  const trees = Object.values(module);
  expect(trees).toHaveLength(1);
  return trees[0] as object;
}

function keysOf(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? keysOf(value as object, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? sourceFiles(file) : /\.tsx?$/.test(name) ? [file] : [];
  });
}

const label = (resource: ResourceDef, name: string) => resource.fields.find((f) => f.name === name)?.label;

const bundles = readdirSync(path.join(src, 'i18n/locales'));

describe('message bundles', () => {
  afterEach(async () => {
    await i18n.changeLanguage('zh');
  });

  it('keeps every bundle as locales/<bundle>/{zh,en}.ts with the same keys in both languages', () => {
    expect(bundles.length).toBeGreaterThanOrEqual(9);
    for (const bundle of bundles) {
      const zh = treeOf(bundle, 'zh');
      const en = treeOf(bundle, 'en');
      // The shell's `menu` holds English-only names for a Blade gateway's menu codes.
      const skip = (key: string) => bundle === 'shell' && key.startsWith('menu.');
      expect(
        keysOf(en)
          .filter((k) => !skip(k))
          .sort(),
        bundle,
      ).toEqual(
        keysOf(zh)
          .filter((k) => !skip(k))
          .sort(),
      );
    }
  });

  it('adds bundles only through their loader next to i18n/index.ts, one per lazily loaded bundle', () => {
    const adding = sourceFiles(src).filter((file) =>
      readFileSync(file, 'utf8').includes('addResourceBundle'),
    );
    expect(adding.map((file) => path.relative(src, file))).toEqual([path.join('i18n', 'index.ts')]);
    for (const bundle of bundles.filter((b) => b !== 'core')) {
      expect(readFileSync(path.join(src, 'i18n', `${bundle}.ts`), 'utf8')).toContain(`locales/${bundle}/zh`);
    }
  });

  it('resolves a typed key in both languages, and tsc rejects a key no bundle has', async () => {
    const save: MessageKey = 'psi.common.save';
    expect(i18n.t(save)).toBe('保存');
    // @ts-expect-error: a misspelt key is a type error.
    expect(i18n.t('psi.common.savee')).toBe('psi.common.savee');
    await i18n.changeLanguage('en');
    expect(i18n.t(save)).toBe('Save');
  });

  it('takes field labels from the resource declarations', async () => {
    expect(i18n.t('sys.accountNumber')).toBe(label(tenantResource, 'accountNumber')?.zh);
    expect(i18n.t('psi.account.voucherNo')).toBe(label(accountStatementResource, 'voucherNo')?.zh);
    await i18n.changeLanguage('en');
    expect(i18n.t('sys.package')).toBe(label(tenantResource, 'packageId')?.en);
    expect(i18n.t('psi.account.payMethod')).toBe(label(accountStatementResource, 'payMethod')?.en);
  });
});
