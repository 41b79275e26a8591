import { fireEvent, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LockButton } from '../src/app/layout/header/LockButton';
import { useLock } from '../src/stores/lock';
import { resetStores, signIn } from './helpers';
import { renderPage } from './render';

function renderLock() {
  return renderPage(
    <App>
      <LockButton />
    </App>,
    '/system/param/index',
  );
}

describe('lock button', () => {
  beforeEach(() => {
    resetStores();
    useLock.getState().clear();
    signIn();
  });

  it('asks for the lock password (required), then locks 100 ms after it was set', async () => {
    renderLock();
    fireEvent.click(screen.getByTestId('header-lock'));
    expect(await screen.findByText('设置后立即锁定屏幕，解锁时需输入此密码')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('锁屏密码不能为空')).toBeTruthy();
    expect(useLock.getState().isLock).toBe(false);

    const timers = vi.spyOn(window, 'setTimeout');
    fireEvent.change(screen.getByTestId('lock-password'), { target: { value: 'pass' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(useLock.getState().isLock).toBe(true));
    expect(timers.mock.calls.some(([, ms]) => ms === 100)).toBe(true);
    timers.mockRestore();
    expect(useLock.getState().lockedFrom).toBe('/system/param/index');
  });

  it('opens the set-password dialog instead of locking when a lock password exists', async () => {
    await useLock.getState().setPassword('old');
    renderLock();
    fireEvent.click(screen.getByTestId('header-lock'));
    expect(await screen.findByText('已设置过锁屏密码，确定后将以新密码锁屏')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(useLock.getState().isLock).toBe(false);
  });
});
