import { beforeEach, describe, expect, it } from 'vitest';
import { clearSessionEnd, noteSessionEnd, sessionEndReason } from '../src/stores/session-end';

describe('why a session ended', () => {
  beforeEach(() => sessionStorage.clear());

  it('keeps the server’s own reason for the sign-in page, until the next sign-in', () => {
    noteSessionEnd('演示数据已重置，请重新登录');
    expect(sessionEndReason()).toBe('演示数据已重置，请重新登录');
    clearSessionEnd();
    expect(sessionEndReason()).toBeNull();
  });

  it('does not repeat Blade’s generic words, which say no more than "signed out"', () => {
    noteSessionEnd('The demo data was reset: please sign in again');
    noteSessionEnd('请求未授权');
    expect(sessionEndReason()).toBeNull();
    noteSessionEnd('Missing token, authentication failed');
    expect(sessionEndReason()).toBeNull();
  });
});
