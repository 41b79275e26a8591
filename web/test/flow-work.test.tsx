import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { WorkList } from '../src/pages/work/WorkList';
import LeaveHandlePage from '../src/pages/work/process/leave/handle';
import { useSession } from '../src/stores/session';
import { envelope, resetStores, signIn } from './helpers';
import { server } from './msw-server';
import { renderPage, renderRoutes } from './render';

const page = (records: unknown[]) => ({ records, total: records.length, size: 10, current: 1, pages: 1 });
const flowDict = http.get('/api/blade-system/dict/dictionary', () =>
  envelope([{ id: '1', code: 'flow', dictKey: 1, dictValue: '请假流程', sort: 1, remark: 'leave' }]),
);
const claimRow = {
  taskId: '11',
  taskName: '部门经理审批',
  processInstanceId: '22',
  processDefinitionName: '请假流程',
  category: 'flow_1',
  businessId: '33',
  startUserName: '张伟',
  createTime: '2026-11-25 10:00:00',
};

describe('work lists and the leave handle screen', () => {
  beforeEach(() => {
    resetStores();
    signIn({ user_id: '900' });
  });

  it('claims a task with the button the user holds, then lists it again', async () => {
    useSession.setState({ permission: { work_claim_claim: true, work_claim_detail: true } });
    const claimed: string[] = [];
    let listed = 0;
    server.use(
      flowDict,
      http.get('/api/blade-flow/work/claim-list', () => {
        listed += 1;
        return envelope(page(claimed.length ? [] : [claimRow]));
      }),
      http.post('/api/blade-flow/work/claim-task', ({ request }) => {
        claimed.push(new URL(request.url).searchParams.get('taskId') ?? '');
        return envelope({});
      }),
    );
    renderPage(
      <App>
        <WorkList kind="claim" />
      </App>,
    );
    const row = (await screen.findByText('部门经理审批')).closest('tr')!;
    expect(row.getAttribute('data-instance')).toBe('22');
    // no diagram button without work_claim_view
    expect(within(row).queryByTestId('action-view')).toBeNull();
    fireEvent.click(within(row).getByTestId('action-claim'));
    await waitFor(() => expect(claimed).toEqual(['11']));
    await waitFor(() => expect(screen.queryByText('部门经理审批')).toBeNull());
    expect(listed).toBeGreaterThan(1);
  });

  it('rejecting needs a comment; approving posts the task with flag ok', async () => {
    const completed: unknown[] = [];
    server.use(
      http.get('/api/blade-desk/process/leave/detail', () =>
        envelope({
          id: '33',
          processInstanceId: '22',
          leaveType: 3,
          leaveTypeName: '年假',
          days: 2,
          reason: '探亲',
          applyUser: '800',
          applyUserName: '张伟',
          taskUserName: '李娜',
          startTime: '2026-12-01 09:00:00',
          endTime: '2026-12-02 18:00:00',
          applyTime: '2026-11-25 10:00:00',
          processStatus: 'running',
        }),
      ),
      http.get('/api/blade-flow/process/history-flow-list', () => envelope([])),
      http.post('/api/blade-flow/work/complete-task', async ({ request }) => {
        completed.push(await request.json());
        return envelope({});
      }),
    );
    renderRoutes(
      [
        {
          path: '/work/process/leave/handle/:taskId/:processInstanceId/:businessId',
          element: (
            <App>
              <LeaveHandlePage />
            </App>
          ),
        },
        { path: '/work/todo/index', element: <div>todo list</div> },
      ],
      '/work/process/leave/handle/11/22/33',
    );
    expect(await screen.findByText('探亲')).toBeTruthy();
    expect(screen.getByText('年假')).toBeTruthy();
    fireEvent.click(screen.getByTestId('leave-reject'));
    expect(await screen.findByText('驳回时请填写审批意见')).toBeTruthy();
    expect(completed).toEqual([]);
    fireEvent.change(screen.getByTestId('leave-comment'), { target: { value: '同意' } });
    fireEvent.click(screen.getByTestId('leave-pass'));
    await waitFor(() =>
      expect(completed).toEqual([{ taskId: '11', processInstanceId: '22', flag: 'ok', comment: '同意' }]),
    );
    expect(await screen.findByText('todo list')).toBeTruthy();
  });
});
