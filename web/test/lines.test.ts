import { describe, expect, it } from 'vitest';
import { featureOn, lineHas, lineRoutes, lineRoutesOf, lineUrl, listModeOf } from '../src/api/lines';

describe('the route table of a line', () => {
  const bladex = lineRoutesOf('bladex');
  const springblade = lineRoutesOf('springblade');

  it('is chosen from the served line, BladeX without one', () => {
    expect(lineRoutes).toBe(bladex);
    expect(springblade.line).toBe('springblade');
  });

  it('signs in on each line through its own token route and parameter names', () => {
    expect([bladex.auth.token, bladex.auth.captcha, bladex.auth.userInfo]).toEqual([
      '/blade-auth/oauth/token',
      '/blade-auth/oauth/captcha',
      '/blade-auth/oauth/user-info',
    ]);
    expect([springblade.auth.token, springblade.auth.captcha, springblade.auth.userInfo]).toEqual([
      '/blade-auth/token',
      '/blade-auth/captcha',
      '/blade-system/user/info',
    ]);
    expect(springblade.auth.logout).toEqual({ method: 'post', url: '/blade-auth/logout' });
    expect(springblade.auth.params).toEqual({
      grant: 'grantType',
      account: 'account',
      refreshToken: 'refreshToken',
    });
    expect([bladex.auth.password, springblade.auth.password]).toEqual(['md5', 'sm2']);
  });

  it('names the user service by the line', () => {
    expect(lineUrl('/blade-user/list', bladex)).toBe('/blade-user/list');
    expect(lineUrl('/blade-user/list', springblade)).toBe('/blade-system/user/list');
    expect(lineUrl('/blade-system/role/tree', springblade)).toBe('/blade-system/role/tree');
  });

  it('lists a lazy tree level by level only where the line has lazy lists', () => {
    expect(listModeOf({ lazy: true }, bladex)).toBe('lazy');
    expect(listModeOf({ lazy: true }, springblade)).toBe('list');
    expect(listModeOf({}, bladex)).toBe('list');
    expect([bladex.dictLists, springblade.dictLists]).toEqual(['split', 'tree']);
  });

  it('knows the routes a line lacks, before and after renaming', () => {
    const absentOnPublic = [
      '/blade-auth/oauth/token',
      '/blade-system/dict-biz/list',
      '/blade-system/dict/parent-list',
      '/blade-system/menu/lazy-list?parentId=0',
      '/blade-system/dept/lazy-list',
      '/blade-system/tenant/setting',
      '/blade-system/tenant-package/list',
      '/blade-user/platform-detail',
      '/blade-resource/oss/list',
      '/blade-resource/attach/list',
    ];
    const sharedRoutes = [
      '/blade-user/list',
      '/blade-system/menu/list',
      '/blade-system/dict/list',
      '/blade-system/dept/tree',
      '/blade-system/role/tree',
      '/blade-resource/oss/endpoint/put-file',
      '/blade-system/tenant/list',
    ];
    expect(absentOnPublic.filter((url) => lineHas(url, springblade))).toEqual([]);
    expect(sharedRoutes.filter((url) => !lineHas(url, springblade))).toEqual([]);
    expect([...absentOnPublic, ...sharedRoutes].filter((url) => !lineHas(url, bladex))).toEqual([]);
  });

  it('reads an optional part as present unless the backend says it is absent', () => {
    expect(featureOn('psi', {})).toBe(true);
    expect(featureOn('psi', { psi: true })).toBe(true);
    expect(featureOn('psi', { psi: false, inbox: true })).toBe(false);
  });
});
