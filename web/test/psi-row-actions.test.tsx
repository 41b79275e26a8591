import { AuditOutlined } from '@ant-design/icons';
import { fireEvent, screen } from '@testing-library/react';
import { App } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeclaredRow } from '../src/api/psi';
import { docRowActions, useDocPage } from '../src/pages/psi/DocPage';
import '../src/i18n/psi';
import { resetStores, signIn } from './helpers';
import { renderPage } from './render';

const PATH = '/psi/purchaseorder/index';
const row: DeclaredRow = { id: '7', orderNo: 'CG20250720-0001', orderStatus: 1 };

function Actions({
  inDetail,
  editable = true,
  auditable = true,
  onAudit = () => undefined,
}: {
  inDetail: boolean;
  editable?: boolean;
  auditable?: boolean;
  onAudit?: () => void;
}) {
  const page = useDocPage(PATH);
  const actions = docRowActions(page, {
    edit: () => editable,
    remove: (r) => editable && { resource: 'purchaseorder', no: String(r.orderNo) },
    steps: () => [
      auditable && { id: 'audit', label: 'audit', icon: <AuditOutlined />, onClick: onAudit, primary: true },
      { id: 'reject', label: 'reject', icon: <AuditOutlined />, onClick: () => undefined, danger: true },
    ],
  });
  return <App>{actions(row, inDetail)}</App>;
}

describe('the row actions of a document list', () => {
  beforeEach(() => {
    resetStores();
    signIn();
  });

  it('offers view and the step that moves it on as links, the rest under "more"', async () => {
    const onAudit = vi.fn();
    renderPage(<Actions inDetail={false} onAudit={onAudit} />, PATH);
    for (const id of ['row-view', 'row-audit', 'row-more']) expect(screen.getByTestId(id)).toBeTruthy();
    expect(screen.queryByTestId('row-edit')).toBeNull();
    expect(screen.getByTestId('row-audit').className).toContain('ant-btn-link');
    fireEvent.click(screen.getByTestId('row-audit'));
    expect(onAudit).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByTestId('row-more'));
    for (const id of ['row-reject', 'row-edit', 'row-delete'])
      expect(await screen.findByTestId(id)).toBeTruthy();
    expect(screen.getByTestId('row-reject').closest('li')?.className).toContain('danger');
  });

  it('keeps a single other action in the row', () => {
    renderPage(<Actions inDetail={false} editable={false} />, PATH);
    expect(screen.queryByTestId('row-more')).toBeNull();
    expect(screen.getByTestId('row-reject').className).toContain('ant-btn-dangerous');
  });

  it('in the detail header: no view and no delete, a primary step button', () => {
    renderPage(<Actions inDetail />, PATH);
    expect(screen.queryByTestId('row-view')).toBeNull();
    expect(screen.queryByTestId('row-delete')).toBeNull();
    expect(screen.getByTestId('row-audit').className).toContain('ant-btn-primary');
    expect(screen.getByTestId('row-reject').className).not.toContain('ant-btn-primary');
    expect(screen.getByTestId('row-edit')).toBeTruthy();
  });

  it('leaves out the steps that do not apply, and edit and delete of a locked document', () => {
    renderPage(<Actions inDetail={false} editable={false} auditable={false} />, PATH);
    expect(screen.queryByTestId('row-audit')).toBeNull();
    expect(screen.queryByTestId('row-edit')).toBeNull();
    expect(screen.queryByTestId('row-delete')).toBeNull();
    expect(screen.getByTestId('row-view')).toBeTruthy();
  });

  it('opens the document and its editor through the URL', async () => {
    const { router } = renderPage(<Actions inDetail={false} />, PATH);
    fireEvent.click(screen.getByTestId('row-view'));
    expect(router.state.location.search).toBe('?id=7');
    fireEvent.click(screen.getByTestId('row-more'));
    fireEvent.click(await screen.findByTestId('row-edit'));
    expect(router.state.location.search).toBe('?edit=7');
  });
});
