import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { apiHeaders, signIn } from '../support/login';
import { saveScreenshot } from '../support/screenshots';
import { expectToast, pickOption } from '../support/ui';

/**
 * The leave process end to end: an employee starts a leave, the department leader claims and approves
 * it, HR approves it; each sees the task in the right list at the right time; the flow chart shows the
 * path taken. A rejected leave comes back to the applicant's to-do list.
 */

const PASSWORD = 'Demo@2025';
const EMPLOYEE = 'emp_zhang';
const LEADER = 'leader_li';
const HR = 'hr_wang';

async function session(browser: Browser, account: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: 'zh-CN',
    viewport: { width: 1440, height: 900 },
  });
  const page = await context.newPage();
  await signIn(page, account, PASSWORD);
  await expect(page).toHaveURL(/\/wel\/index$/);
  return page;
}

/** Table rows of a work list page. */
function workRows(page: Page, kind: string): Locator {
  return page.getByTestId(`work-${kind}`).locator('tbody tr.ant-table-row');
}

async function openList(page: Page, kind: string) {
  await page.goto(`/work/${kind}/index`);
  await expect(page.getByTestId(`work-${kind}`)).toBeVisible();
  await expect(page.getByTestId(`work-${kind}`).locator('.ant-spin-spinning')).toHaveCount(0);
}

/** The row of a work list that belongs to one process instance. */
function rowOf(page: Page, kind: string, instanceId: string): Locator {
  return page.getByTestId(`work-${kind}`).locator(`tbody tr[data-instance="${instanceId}"]`);
}

async function fillLeave(page: Page, reason: string) {
  await expect(page.getByTestId('leave-form')).toBeVisible();
  await page.locator('#leaveType').click();
  await pickOption(page, '年假');
  await page.locator('#startTime').click();
  await page.locator('#startTime').fill('2026-12-01 09:00:00');
  await page.locator('#startTime').press('Enter');
  await page.locator('#endTime').click();
  await page.locator('#endTime').fill('2026-12-03 18:00:00');
  await page.locator('#endTime').press('Enter');
  await expect(page.locator('#days')).toHaveValue('3');
  await page.locator('#reason').fill(reason);
  await page.locator('#taskUser').click();
  await pickOption(page, '李娜');
  await page.getByTestId('leave-submit').click();
  await expectToast(page, '请假申请已提交');
  await expect(page).toHaveURL(/\/work\/send\/index$/);
}

/** Claims the task of this leave from the claim list, then opens it from the to-do list. */
async function claimAndOpen(page: Page, process: string) {
  // process: the instance id
  await openList(page, 'todo');
  await expect(rowOf(page, 'todo', process)).toHaveCount(0);
  await openList(page, 'claim');
  const row = rowOf(page, 'claim', process);
  await expect(row).toHaveCount(1);
  await row.getByTestId('action-claim').click();
  await expectToast(page, '签收成功');
  await expect(rowOf(page, 'claim', process)).toHaveCount(0);
  await openList(page, 'todo');
  const todo = rowOf(page, 'todo', process);
  await expect(todo).toHaveCount(1);
  await todo.getByTestId('action-handle').click();
  await expect(page.getByTestId('leave-handle')).toBeVisible();
}

async function decide(page: Page, pass: boolean, comment: string) {
  await page.getByTestId('leave-comment').fill(comment);
  await page.getByTestId(pass ? 'leave-pass' : 'leave-reject').click();
  await expectToast(page, pass ? '已同意' : '已驳回');
  await expect(page).toHaveURL(/\/work\/todo\/index$/);
}

/** The element of the diagram in the open flow chart dialog. */
function element(page: Page, id: string): Locator {
  return page.getByTestId('flow-chart-dialog').locator(`.djs-element[data-element-id="${id}"]`);
}

test.describe('leave process', () => {
  // three people sign in and act in turn
  test.describe.configure({ timeout: 180_000 });

  test('employee → leader → HR, each list at the right time, and the path on the flow chart', async ({
    browser,
  }) => {
    const reason = `年底回家探亲 ${Date.now()}`;
    const employee = await session(browser, EMPLOYEE);
    await openList(employee, 'start');
    const start = workRows(employee, 'start').filter({ hasText: '请假流程' });
    await expect(start).toHaveCount(1);
    await start.getByTestId('action-start').click();
    await expect(employee).toHaveURL(
      /\/work\/process\/leave\/form\/leave%3A\d+%3A\d+$|\/work\/process\/leave\/form\/leave:\d+:\d+$/,
    );
    await fillLeave(employee, reason);
    const sent = workRows(employee, 'send').first();
    const instance = (await sent.getAttribute('data-instance')) ?? '';
    expect(instance).toMatch(/^\d+$/);
    await expect(sent).toContainText('部门经理审批');
    await expect(sent).toContainText('审批中');

    // HR sees nothing yet; the leader claims and approves
    const hr = await session(browser, HR);
    await openList(hr, 'claim');
    await expect(rowOf(hr, 'claim', instance)).toHaveCount(0);
    const leader = await session(browser, LEADER);
    await claimAndOpen(leader, instance);
    await expect(leader.getByTestId('leave-info')).toContainText(reason);
    await expect(leader.getByTestId('leave-info')).toContainText('年假');
    await decide(leader, true, '同意，注意交接');
    await openList(leader, 'done');
    await expect(rowOf(leader, 'done', instance)).toContainText('同意，注意交接');
    await openList(leader, 'todo');
    await expect(rowOf(leader, 'todo', instance)).toHaveCount(0);

    // now HR has it to claim; HR approves
    await openList(hr, 'claim');
    await expect(rowOf(hr, 'claim', instance)).toContainText('人事审批');
    await claimAndOpen(hr, instance);
    await expect(hr.getByTestId('flow-history')).toContainText('同意，注意交接');
    await decide(hr, true, '准假');

    // the employee's sent list says finished; the detail shows the history and the flow chart
    await openList(hr, 'done');
    await expect(rowOf(hr, 'done', instance)).toContainText('准假');
    await openList(employee, 'send');
    const finished = rowOf(employee, 'send', instance);
    await expect(finished).toContainText('已办结');
    await finished.getByTestId('action-detail').click();
    await expect(employee.getByTestId('leave-detail')).toBeVisible();
    const history = employee.getByTestId('flow-history');
    await expect(history.locator('tbody tr')).toHaveCount(4);
    await expect(history).toContainText('李娜');
    await expect(history).toContainText('王芳');
    await expect(history).toContainText('准假');
    await employee.getByTestId('leave-chart').click();
    await expect(employee.getByRole('dialog').getByText('流程图展示')).toBeVisible();
    for (const id of ['start', 'toLeader', 'leaderAudit', 'leaderPass', 'hrAudit', 'hrPass', 'end'])
      await expect(element(employee, id)).toHaveClass(/flow-done/);
    for (const id of ['modifyApply', 'leaderReject', 'hrReject', 'cancelEnd'])
      await expect(element(employee, id)).not.toHaveClass(/flow-(done|current)/);
    await saveScreenshot(employee, 'flow-leave-chart');
  });

  test('a rejected leave comes back to the applicant, with the current step on the chart', async ({
    browser,
  }) => {
    const reason = `驳回测试 ${Date.now()}`;
    const employee = await session(browser, EMPLOYEE);
    // start through the API the form uses (the form itself is covered above)
    const headers = await apiHeaders(employee);
    const starts = await (await employee.request.get('/api/blade-flow/work/start-list', { headers })).json();
    const definition = (starts.data.records as { key: string; id: string }[]).find(
      (r) => r.key === 'leave',
    )!.id;
    const approvers = await (
      await employee.request.get('/api/blade-desk/process/leave/approvers', { headers })
    ).json();
    const started = await employee.request.post('/api/blade-desk/process/leave/start-process', {
      headers,
      data: {
        processDefinitionId: definition,
        leaveType: 2,
        startTime: '2026-12-10 09:00:00',
        endTime: '2026-12-10 18:00:00',
        days: 1,
        reason,
        taskUser: approvers.data[0].id,
      },
    });
    const body = await started.json();
    expect(body.code).toBe(200);
    const instance = body.data.processInstanceId as string;

    const leader = await session(browser, LEADER);
    await claimAndOpen(leader, instance);
    await expect(leader.getByTestId('leave-info')).toContainText(reason);
    // rejecting needs a comment
    await leader.getByTestId('leave-reject').click();
    await expect(leader.getByText('驳回时请填写审批意见')).toBeVisible();
    await decide(leader, false, '请补充病假证明');

    await openList(employee, 'todo');
    const back = rowOf(employee, 'todo', instance);
    await expect(back).toContainText('调整申请');
    await back.getByTestId('action-view').click();
    await expect(element(employee, 'modifyApply')).toHaveClass(/flow-current/);
    await expect(element(employee, 'leaderReject')).toHaveClass(/flow-done/);
    await expect(element(employee, 'hrAudit')).not.toHaveClass(/flow-(done|current)/);
    await saveScreenshot(employee, 'flow-leave-rejected-chart');
    await employee.keyboard.press('Escape');
    await back.getByTestId('action-handle').click();
    await expect(employee.getByTestId('flow-history')).toContainText('请补充病假证明');
    await expect(employee.getByTestId('leave-pass')).toHaveText(/重新提交/);
    await saveScreenshot(employee, 'flow-leave-handle');
  });
});
