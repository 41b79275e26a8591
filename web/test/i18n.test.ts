import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { i18n } from '../src/i18n';
import { enCore as en } from '../src/i18n/locales/core/en';
import { enShell } from '../src/i18n/locales/shell/en';
import { zhShell } from '../src/i18n/locales/shell/zh';
import { zhCore as zh } from '../src/i18n/locales/core/zh';
import { useSettings } from '../src/stores/settings';

function keysOf(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? keysOf(value as object, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

describe('i18n', () => {
  it('has the same keys in zh and en, first screen and shell (menu names are English-only overrides)', () => {
    expect(keysOf(en).sort()).toEqual(keysOf(zh).sort());
    const { menu: zhMenus, ...zhRest } = zhShell;
    const { menu: enMenus, ...enRest } = enShell;
    expect(keysOf(enRest).sort()).toEqual(keysOf(zhRest).sort());
    expect(Object.keys(zhMenus)).toEqual([]);
    expect(Object.keys(enMenus).length).toBeGreaterThan(0);
  });

  it('names every seeded menu and top menu in English as the seed does (fixtures nameEn)', () => {
    const read = (file: string) =>
      JSON.parse(readFileSync(path.resolve(process.cwd(), '../fixtures', file), 'utf8')) as {
        code: string;
        nameEn: string;
        category?: number;
      }[];
    const seeded = [...read('menus.json').filter((m) => m.category === 1), ...read('top-menus.json')];
    const menus: Record<string, string> = enShell.menu;
    expect(seeded.filter((m) => menus[m.code] !== m.nameEn).map((m) => m.code)).toEqual([]);
  });

  it('keeps the shell messages out of the first screen, and adds them once the shell is loaded', () => {
    expect(Object.keys(zh)).not.toContain('layout');
    expect(i18n.t('errorLog.uploadConfirm')).toBe('确定上传本地日志到服务器?');
    expect(i18n.t('lock.required')).toBe('锁屏密码不能为空');
  });

  it('defaults to zh and follows the persisted language, with dayjs (loaded with the shell) and <html lang>', async () => {
    expect(i18n.language).toBe('zh');
    expect(i18n.t('request.unknownError')).toBe('未知错误');

    useSettings.getState().setLanguage('en');
    expect(i18n.language).toBe('en');
    expect(i18n.t('app.title')).toBe('Book Ordering System');
    expect(i18n.t('crud.selectOne')).toBe('Please select at least one record');
    expect(dayjs.locale()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(JSON.parse(localStorage.getItem('saber-settings') ?? '{}')).toMatchObject({
      state: { language: 'en' },
    });

    useSettings.getState().setLanguage('zh');
    expect(dayjs.locale()).toBe('zh-cn');
    expect(i18n.t('app.title')).toBe('书籍征订系统');
  });
});
