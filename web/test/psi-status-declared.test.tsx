import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PSI_DOCUMENTS, type StatusDef } from '@psi/db/model/psi/index';
import PurchaseorderPage from '../src/pages/psi/purchaseorder';
import { StatusTag } from '../src/pages/psi/status';
import { i18n } from '../src/i18n';
import { envelope, resetStores, signIn } from './helpers';
import { server } from './msw-server';
import { renderPage, renderRoutes } from './render';

const PATH = '/psi/purchaseorder/index';
const order = {
  id: '7',
  orderNo: 'CG20250720-0001',
  supplierName: '人民教育出版社',
  depositoryName: '南湖仓',
  term: '2025-2026-1',
  totalQuantity: 120,
  receivedQuantity: 0,
  totalListAmount: '1320.00',
  totalAmount: '1248.00',
  orderStatus: 1,
  submitTime: '2025-07-20 09:00:00',
  version: 0,
};

/** The declared 待审核 status of the 采购入库单, changed for the test and put back after it. */
const pending = PSI_DOCUMENTS.purchaseorder.statuses.codes[0] as StatusDef;
const declared = { label: pending.label, color: pending.color };

function serveOrders() {
  server.use(
    http.get('/api/blade-psi/purchaseorder/list', ({ request }) => {
      const status = new URL(request.url).searchParams.get('orderStatus');
      const records = !status || status === '1' ? [order] : [];
      return envelope({ records, total: records.length, size: 10, current: 1, pages: 1 });
    }),
    http.get('/api/blade-psi/purchaseorder/detail', () => envelope(order)),
    http.get('/api/blade-psi/purchasedetail/listByOrderId', () => envelope([])),
  );
}

describe('a status declared once', () => {
  beforeEach(() => {
    resetStores();
    signIn();
    pending.label = { zh: '等待平台审批', en: 'Waiting for the platform' };
    pending.color = 'magenta';
  });

  afterEach(async () => {
    pending.label = declared.label;
    pending.color = declared.color;
    await act(() => i18n.changeLanguage('zh'));
  });

  it('shows its label and colour in the tab, the rows, and the detail header', async () => {
    serveOrders();
    renderRoutes([{ path: PATH, element: <PurchaseorderPage /> }], `${PATH}?id=7`);

    const tab = await screen.findByTestId('tab-1');
    expect(tab.textContent).toContain('等待平台审批');

    const table = screen.getByTestId('doc-table');
    const rowTag = await within(table).findByTestId('status-purchaseorder');
    expect(rowTag.textContent).toBe('等待平台审批');
    expect(rowTag.className).toContain('ant-tag-magenta');
    expect(rowTag.getAttribute('data-status')).toBe('1');

    const header = await screen.findByTestId('doc-header');
    await waitFor(() =>
      expect(within(header).getByTestId('status-purchaseorder').textContent).toBe('等待平台审批'),
    );
    expect(within(header).getByTestId('status-purchaseorder').className).toContain('ant-tag-magenta');
    // the other statuses keep their declared labels
    expect(screen.getByTestId('tab-8').textContent).toContain('已驳回');
  });

  it('labels the tag in the current language', async () => {
    await act(() => i18n.changeLanguage('en'));
    renderPage(<StatusTag kind="purchaseorder" value={1} />);
    const tag = await screen.findByTestId('status-purchaseorder');
    expect(tag.textContent).toBe('Waiting for the platform');
    expect(tag.className).toContain('ant-tag-magenta');
  });
});
