import { beforeEach, describe, expect, it } from 'vitest';
import { RequestError } from '../src/api/errors';
import { themeNames } from '../src/config/site';
import { themes, themeVariables } from '../src/config/themes';
import { recordError, timestamp, useErrorLog } from '../src/stores/error-log';
import { useLock } from '../src/stores/lock';
import { useSession } from '../src/stores/session';
import { useSettings } from '../src/stores/settings';
import { homeTab, useTabs } from '../src/stores/tabs';
import { installErrorCapture } from '../src/stores/error-capture';
import { resetStores, signIn } from './helpers';

const tab = (value: string) => ({ value, label: { name: value }, query: '' });

describe('tabs', () => {
  beforeEach(() => useTabs.getState().reset());

  it('starts with the fixed home tab and adds each page once', () => {
    expect(useTabs.getState().tabs).toEqual([homeTab]);
    useTabs.getState().open(tab('/a/index'));
    useTabs.getState().open({ ...tab('/a/index'), query: '?x=1' });
    useTabs.getState().open(tab('/b/index'));
    expect(useTabs.getState().tabs.map((entry) => [entry.value, entry.query, entry.close])).toEqual([
      ['/wel/index', '', false],
      ['/a/index', '?x=1', true],
      ['/b/index', '', true],
    ]);
  });

  it('closes a tab and answers its neighbour; the home tab and the last tab stay', () => {
    useTabs.getState().open(tab('/a/index'));
    useTabs.getState().open(tab('/b/index'));
    expect(useTabs.getState().close('/b/index', '/b/index')).toBe('/a/index');
    expect(useTabs.getState().close('/a/index', '/wel/index')).toBeNull();
    expect(useTabs.getState().close('/wel/index', '/wel/index')).toBeNull();
    expect(useTabs.getState().tabs).toEqual([homeTab]);
  });

  it('closes the others or all of them (but home)', () => {
    for (const value of ['/a/index', '/b/index', '/c/index']) useTabs.getState().open(tab(value));
    useTabs.getState().closeOthers('/b/index');
    expect(useTabs.getState().tabs.map((entry) => entry.value)).toEqual(['/wel/index', '/b/index']);
    useTabs.getState().closeAll();
    expect(useTabs.getState().tabs).toEqual([homeTab]);
  });

  it('is reset by a new session and by logging out', async () => {
    useTabs.getState().open(tab('/a/index'));
    signIn();
    useSession.getState().federatedLogout();
    expect(useTabs.getState().tabs).toEqual([homeTab]);
  });
});

describe('lock', () => {
  beforeEach(() => resetStores());

  it('locks with a password kept as its digest, and unlocks only with it', async () => {
    await useLock.getState().setPassword('secret');
    expect(useLock.getState().lockPasswd).toBe('5ebe2294ecd0e0f08eab7690d2a6ee69');
    useLock.getState().lock('/system/param/index');
    expect(useLock.getState()).toMatchObject({ isLock: true, lockedFrom: '/system/param/index' });
    await expect(useLock.getState().unlock('wrong')).resolves.toBe(false);
    expect(useLock.getState().isLock).toBe(true);
    await expect(useLock.getState().unlock('secret')).resolves.toBe(true);
    expect(useLock.getState()).toMatchObject({ isLock: false, lockPasswd: '' });
  });

  it('is cleared by logging out', async () => {
    await useLock.getState().setPassword('secret');
    useLock.getState().lock('/wel/index');
    useSession.getState().federatedLogout();
    expect(useLock.getState().isLock).toBe(false);
  });
});

describe('error log', () => {
  beforeEach(() => useErrorLog.getState().clear());

  it('records type, message, stack, info, url and a yyyy-MM-dd HH:mm:ss time', () => {
    recordError(new Error('boom'), 'React stack');
    const [entry] = useErrorLog.getState().logs;
    expect(entry).toMatchObject({
      type: 'error',
      message: 'boom',
      info: 'React stack',
      url: window.location.href,
    });
    expect(entry.stack).toContain('boom');
    expect(entry.time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(timestamp(new Date(2026, 10, 2, 3, 4, 5))).toBe('2026-11-02 03:04:05');
  });

  it('captures window errors and rejected promises, but not failed API calls', () => {
    const stop = installErrorCapture(window);
    try {
      window.dispatchEvent(new ErrorEvent('error', { error: new Error('uncaught'), message: 'uncaught' }));
      const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
      Object.defineProperty(rejection, 'reason', { value: new Error('rejected') });
      window.dispatchEvent(rejection);
      const apiFailure = new Event('unhandledrejection') as PromiseRejectionEvent;
      Object.defineProperty(apiFailure, 'reason', {
        value: new RequestError('无权限', 403, { notified: true }),
      });
      window.dispatchEvent(apiFailure);
    } finally {
      stop();
    }
    expect(useErrorLog.getState().logs.map((entry) => [entry.message, entry.info.split(' ')[0]])).toEqual([
      ['rejected', 'unhandledrejection'],
      ['uncaught', 'window.onerror'],
    ]);
  });
});

describe('settings and themes', () => {
  it('defines the 11 named themes, each framed differently, only "dark" on the dark algorithm', () => {
    expect(themeNames).toEqual([
      'default',
      'white',
      'dark',
      'star',
      'bule',
      'iview',
      'vip',
      'cool',
      'd2',
      'hey',
      'lte',
    ]);
    const frames = themeNames.map((name) => JSON.stringify(themeVariables(themes[name], '#409EFF')));
    expect(new Set(frames).size).toBe(11);
    expect(themeNames.filter((name) => themes[name].dark)).toEqual(['dark']);
  });

  it('defaults to the default theme and #409EFF, and refuses a malformed colour', () => {
    const settings = useSettings.getState();
    expect(settings.theme).toBe('default');
    expect(settings.color).toBe('#409EFF');
    settings.setColor('#11a983');
    expect(useSettings.getState().color).toBe('#11A983');
    settings.setColor('red');
    expect(useSettings.getState().color).toBe('#409EFF');
  });
});
