import { beforeEach, describe, expect, it, vi } from 'vitest';

type Feedback = typeof import('../src/utils/feedback');

/** A fresh copy of the module: nothing bound, nothing loaded. */
async function freshFeedback(): Promise<Feedback> {
  vi.resetModules();
  return import('../src/utils/feedback');
}

function fakeToaster() {
  return { error: vi.fn(), success: vi.fn(), warning: vi.fn() };
}

describe('toasts without a bound toaster (the login page)', () => {
  let feedback: Feedback;
  beforeEach(async () => {
    feedback = await freshFeedback();
  });

  it('loads the toaster on the first toast and shows what was raised meanwhile, in order', async () => {
    const toaster = fakeToaster();
    let finish: (value: typeof toaster) => void = () => undefined;
    const loader = vi.fn(() => new Promise<typeof toaster>((resolve) => (finish = resolve)));
    feedback.setToastLoader(loader);
    feedback.notifyError('用户名或密码错误');
    feedback.notifySuccess('登录成功');
    expect(loader).toHaveBeenCalledTimes(1);
    expect(toaster.error).not.toHaveBeenCalled();
    finish(toaster);
    await vi.waitFor(() => expect(toaster.error).toHaveBeenCalledTimes(1));
    expect(toaster.error).toHaveBeenCalledWith({
      content: '用户名或密码错误',
      key: 'error:用户名或密码错误',
    });
    expect(toaster.success).toHaveBeenCalledWith('登录成功');
    // once loaded, a toast shows at once and loads nothing again
    feedback.notifyWarning('x');
    expect(toaster.warning).toHaveBeenCalledWith('x');
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('tries the download again on the next toast when it failed', async () => {
    const toaster = fakeToaster();
    const loader = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(toaster);
    feedback.setToastLoader(loader);
    feedback.notifyError('a');
    await vi.waitFor(() => expect(loader).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    feedback.notifyError('b');
    await vi.waitFor(() => expect(toaster.error).toHaveBeenCalledTimes(2));
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('prefers the bound context toaster while it is mounted, and falls back once it is gone', async () => {
    const loaded = fakeToaster();
    const context = fakeToaster();
    feedback.setToastLoader(() => Promise.resolve(loaded));
    feedback.notifyError('before');
    await vi.waitFor(() => expect(loaded.error).toHaveBeenCalledTimes(1));
    const unbind = feedback.bindToaster(context);
    feedback.notifyError('inside');
    expect(context.error).toHaveBeenCalledTimes(1);
    expect(loaded.error).toHaveBeenCalledTimes(1);
    unbind();
    feedback.notifyError('after');
    expect(loaded.error).toHaveBeenCalledTimes(2);
  });

  it('hands the toasts waiting for the download to a toaster bound before it ends', () => {
    const context = fakeToaster();
    feedback.setToastLoader(() => new Promise(() => undefined));
    feedback.notifySuccess('登录成功');
    feedback.bindToaster(context);
    expect(context.success).toHaveBeenCalledWith('登录成功');
  });
});
