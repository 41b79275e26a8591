import { fireEvent, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AuditDialog } from '../src/pages/psi/AuditDialog';
import '../src/i18n/psi';
import { envelope, resetStores, signIn } from './helpers';
import { server } from './msw-server';
import { renderPage } from './render';

const order = {
  id: '7',
  orderNo: 'ZD20250828-0002',
  schoolName: '南湖区启智实验小学',
  totalAmount: '1248.00',
  totalQuantity: 120,
  version: 0,
};

function renderDialog(onDone = vi.fn(), props: Partial<Parameters<typeof AuditDialog>[0]> = {}) {
  renderPage(
    <App>
      <AuditDialog
        endpoint="purchaseorderyypt/approveAudit"
        record={order}
        onClose={() => undefined}
        onDone={onDone}
        {...props}
      />
    </App>,
  );
  return onDone;
}

describe('the audit dialog', () => {
  beforeEach(() => {
    resetStores();
    signIn();
  });

  it('refuses a rejection without a remark and sends nothing', async () => {
    const posted: unknown[] = [];
    server.use(
      http.post('/api/blade-psi/purchaseorderyypt/approveAudit', async ({ request }) => {
        posted.push(await request.json());
        return envelope({});
      }),
    );
    renderDialog();
    fireEvent.click(await screen.findByText('驳回'));
    fireEvent.click(await screen.findByText('确认驳回'));
    expect(await screen.findByText('驳回时必须填写审核意见')).toBeTruthy();
    expect(posted).toEqual([]);
  });

  it('shows the server refusal inside the dialog and keeps it open', async () => {
    server.use(
      http.post('/api/blade-psi/purchaseorderyypt/approveAudit', () =>
        HttpResponse.json(
          { code: 400, success: false, data: null, msg: '学校账户余额不足（需 ¥ 1,248.00，可用 ¥ 500.00）' },
          { status: 400 },
        ),
      ),
    );
    const onDone = renderDialog();
    fireEvent.click(await screen.findByText('确认通过'));
    await waitFor(() =>
      expect(screen.getByTestId('audit-error').textContent).toContain(
        '学校账户余额不足（需 ¥ 1,248.00，可用 ¥ 500.00）',
      ),
    );
    expect(onDone).not.toHaveBeenCalled();
    // once: in the dialog, not again in a toast
    expect(document.querySelectorAll('.ant-message-notice')).toHaveLength(0);
  });

  it('says before anything is sent that passing cannot succeed, and offers only the rejection', async () => {
    const posted: unknown[] = [];
    server.use(
      http.post('/api/blade-psi/purchaseorderyypt/approveAudit', async ({ request }) => {
        posted.push(await request.json());
        return envelope({});
      }),
    );
    renderDialog(vi.fn(), { blocked: '学校账户余额不足（需 ¥ 1,248.00，可用 ¥ 500.00）' });
    expect((await screen.findByTestId('audit-blocked')).textContent).toContain('现在不能通过');
    expect(screen.getByRole('radio', { name: '通过' })).toHaveProperty('disabled', true);
    expect(screen.queryByText('确认通过')).toBeNull();
    fireEvent.click(screen.getByText('确认驳回'));
    expect(await screen.findByText('驳回时必须填写审核意见')).toBeTruthy();
    expect(posted).toEqual([]);
  });

  it("speaks a depository's verbs throughout: accept or return, never approve or reject", async () => {
    renderDialog(vi.fn(), { passVerb: 'accept', rejectVerb: 'return' });
    expect(await screen.findByText('确认受理')).toBeTruthy();
    fireEvent.click(screen.getByText('退回'));
    expect(await screen.findByText('确认退回')).toBeTruthy();
    expect(screen.getByPlaceholderText('退回原因（退回时必填）')).toBeTruthy();
    expect(screen.queryByText(/通过|驳回/)).toBeNull();
  });

  it('sends the decision with the version it was shown', async () => {
    const posted: unknown[] = [];
    server.use(
      http.post('/api/blade-psi/purchaseorderyypt/approveAudit', async ({ request }) => {
        posted.push(await request.json());
        return envelope({ ...order, orderStatus: 2 });
      }),
    );
    const onDone = renderDialog();
    fireEvent.click(await screen.findByText('确认通过'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(posted).toEqual([{ id: '7', pass: true, auditRemark: '', version: 0 }]);
  });
});
