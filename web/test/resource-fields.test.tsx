import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import dayjs from 'dayjs';
import type { AxiosRequestConfig } from 'axios';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineResource, type FieldDef } from '@psi/db/model';
import { request } from '../src/api/request';
import { FieldValue, placeholderOf } from '../src/components/resource/fields';
import { ResourcePage } from '../src/components/resource/ResourcePage';
import { toFormValue, toWireValue } from '../src/components/resource/model';
import { useSession } from '../src/stores/session';
import { envelope, resetStores, signIn } from './helpers';
import { server } from './msw-server';
import { renderPage } from './render';

/** A declaration with every kind the engine renders specially: dictionary, tree, upload, money, date. */
const bookResource = defineResource({
  key: 'enginebook',
  api: '/blade-test/book',
  title: { zh: '图书', en: 'Books' },
  permission: 'enginebook',
  tenant: 'scoped',
  ops: { add: true, edit: true, view: true, delete: true, export: true },
  access: { export: { button: 'enginebook_export' } },
  fields: [
    {
      name: 'goodsName',
      kind: 'text',
      label: { zh: '书名', en: 'Title' },
      required: true,
      search: 'like',
    },
    {
      name: 'schoolStage',
      kind: 'dict',
      label: { zh: '学段', en: 'Stage' },
      dict: { code: 'school_stage' },
      numeric: true,
      required: true,
      search: 'equal',
    },
    {
      name: 'deptId',
      kind: 'tree',
      label: { zh: '所属机构', en: 'Department' },
      tree: { url: '/blade-system/dept/tree' },
    },
    { name: 'price', kind: 'money', label: { zh: '定价', en: 'Price' }, required: true },
    { name: 'publishDate', kind: 'date', label: { zh: '出版日期', en: 'Published' } },
    { name: 'coverUrl', kind: 'upload', label: { zh: '封面', en: 'Cover' } },
  ],
});

const field = (name: string): FieldDef => bookResource.fields.find((entry) => entry.name === name)!;

const record = {
  id: '31',
  goodsName: '数学 七年级 上册',
  schoolStage: 2,
  deptId: '1002',
  price: '12.50',
  publishDate: '2025-06-01',
  coverUrl: '/upload/cover.png',
};

function serveBooks() {
  const lists: URLSearchParams[] = [];
  const bodies: unknown[] = [];
  const uploads: string[] = [];
  server.use(
    http.get('/api/blade-test/book/list', ({ request }) => {
      lists.push(new URL(request.url).searchParams);
      return envelope({ records: [record], total: 1, size: 10, current: 1, pages: 1 });
    }),
    http.post('/api/blade-test/book/submit', async ({ request }) => {
      bodies.push(await request.json());
      return envelope({});
    }),
    http.get('/api/blade-system/dict/dictionary', ({ request }) => {
      expect(new URL(request.url).searchParams.get('code')).toBe('school_stage');
      return envelope([
        { id: '1', code: 'school_stage', dictKey: 1, dictValue: '小学', sort: 1 },
        { id: '2', code: 'school_stage', dictKey: 2, dictValue: '初中', sort: 2 },
      ]);
    }),
    http.get('/api/blade-system/dept/tree', () =>
      envelope([
        {
          id: '1001',
          title: '总部',
          value: '1001',
          key: '1001',
          children: [{ id: '1002', title: '发行部', value: '1002', key: '1002' }],
        },
      ]),
    ),
    http.post('/api/blade-resource/oss/endpoint/put-file', async ({ request }) => {
      const form = await request.formData();
      // jsdom's FormData keeps only the part's name on its way through msw
      uploads.push(form.has('file') ? 'file' : 'nothing');
      return envelope({ link: '/upload/front.png', name: 'front.png', originalName: 'front.png' });
    }),
  );
  return { lists, bodies, uploads };
}

function renderBooks() {
  return renderPage(
    <App>
      <ResourcePage def={bookResource} />
    </App>,
  );
}

describe('engine field kinds: dictionaries, trees, uploads, money, dates and export', () => {
  beforeEach(() => {
    resetStores();
    signIn();
  });
  afterEach(() => vi.restoreAllMocks());

  it('converts money to two decimals and dates to the wire format, and back', () => {
    expect(toWireValue(field('price'), '12.5')).toBe('12.50');
    expect(toWireValue(field('price'), 7)).toBe('7.00');
    expect(toWireValue(field('publishDate'), dayjs('2025-06-01T10:20:30'))).toBe('2025-06-01');
    const form = toFormValue(field('publishDate'), '2025-06-01');
    expect(dayjs.isDayjs(form) && form.format('YYYY-MM-DD')).toBe('2025-06-01');
    expect(toFormValue(field('schoolStage'), '2')).toBe(2);
    expect(toWireValue(field('deptId'), ['1', '2'])).toBe('1,2');
  });

  it('words placeholders in the current language (English labels read mid-sentence)', () => {
    expect(placeholderOf(field('goodsName'), 'zh')).toBe('请输入书名');
    expect(placeholderOf(field('goodsName'), 'en')).toBe('Please enter title');
    expect(placeholderOf(field('schoolStage'), 'zh')).toBe('请选择学段');
    expect(placeholderOf(field('schoolStage'), 'en')).toBe('Please select stage');
    const isbn: FieldDef = { name: 'isbn', kind: 'text', label: { zh: 'ISBN', en: 'ISBN' } };
    expect(placeholderOf(isbn, 'en')).toBe('Please enter ISBN');
  });

  it('shows dictionary values as tags, tree ids by their names, money with ¥, an image thumbnail', async () => {
    serveBooks();
    useSession.getState().setMenus([], { enginebook_view: true });
    renderBooks();
    const table = await screen.findByTestId('resource-table');
    const row = (await within(table).findByText('数学 七年级 上册')).closest('tr')!;
    await waitFor(() => expect(within(row).getByText('初中').closest('.ant-tag')).toBeTruthy());
    await waitFor(() => expect(within(row).getByText('发行部')).toBeTruthy());
    expect(within(row).getByText('¥ 12.50')).toBeTruthy();
    expect(within(row).getByText('2025-06-01')).toBeTruthy();
    expect(row.querySelector('img')?.getAttribute('src')).toBe('/upload/cover.png');
  });

  it('exports the current filter behind its button and saves the server file name', async () => {
    serveBooks();
    // jsdom's XHR cannot hand a Blob response through msw: the download itself is stubbed at the client
    const exports: { url: string; params: Record<string, unknown>; responseType?: string }[] = [];
    const realGet = request.get.bind(request);
    vi.spyOn(request, 'get').mockImplementation(((url: string, config?: AxiosRequestConfig) => {
      if (!url.endsWith('/export')) return realGet(url, config);
      exports.push({ url, params: { ...config?.params }, responseType: config?.responseType });
      return Promise.resolve({
        data: new Blob(['PK-xlsx'], { type: 'application/vnd.ms-excel' }),
        headers: {
          'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('图书数据.xlsx')}`,
        },
      });
    }) as typeof request.get);
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();

    useSession.getState().setMenus([], { enginebook_view: true });
    const first = renderBooks();
    await screen.findByTestId('resource-table');
    // without the export button code there is no export
    expect(screen.queryByTestId('toolbar-export')).toBeNull();
    first.unmount();

    useSession.getState().setMenus([], { enginebook_view: true, enginebook_export: true });
    renderBooks();
    const bar = await screen.findByTestId('resource-search');
    fireEvent.change(bar.querySelector('[data-field="goodsName"] input, input[data-field="goodsName"]')!, {
      target: { value: '数学' },
    });
    fireEvent.click(within(bar).getByTestId('search-submit'));
    fireEvent.click(await screen.findByTestId('toolbar-export'));
    await waitFor(() => expect(clicks).toEqual(['图书数据.xlsx']));
    expect(exports).toHaveLength(1);
    expect(exports[0].url).toBe('/blade-test/book/export');
    expect(exports[0].responseType).toBe('blob');
    // the current filter, without paging: every row of the filter
    expect(exports[0].params).toEqual({ goodsName: '数学' });
    expect(await screen.findByText('导出成功')).toBeTruthy();
  });

  it('adds with a dictionary select, a tree select, a money amount and an uploaded cover', async () => {
    const { bodies, uploads } = serveBooks();
    useSession.getState().setMenus([], { enginebook_add: true });
    renderBooks();
    fireEvent.click(await screen.findByTestId('toolbar-add'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByTestId('dialog-submit'));
    const error = { selector: '.ant-form-item-explain-error' };
    expect(await within(dialog).findByText('请输入书名', error)).toBeTruthy();
    expect(within(dialog).getByText('请选择学段', error)).toBeTruthy();
    expect(within(dialog).getByText('请输入定价', error)).toBeTruthy();

    fireEvent.change(dialog.querySelector('input[data-field="goodsName"]')!, { target: { value: '语文' } });
    fireEvent.mouseDown(dialog.querySelector('[data-field-item="schoolStage"] .ant-select')!);
    fireEvent.click(await screen.findByTitle('小学'));
    fireEvent.mouseDown(dialog.querySelector('[data-field-item="deptId"] .ant-select')!);
    fireEvent.click(await screen.findByTitle('发行部'));
    fireEvent.change(dialog.querySelector('[data-field-item="price"] input')!, { target: { value: '9.9' } });
    const picker = dialog.querySelector(
      '[data-field-item="coverUrl"] input[type="file"]',
    ) as HTMLInputElement;
    fireEvent.change(picker, {
      target: { files: [new File(['png-bytes'], 'front.png', { type: 'image/png' })] },
    });
    await waitFor(() => expect(uploads).toEqual(['file']));
    await waitFor(() =>
      expect(dialog.querySelector('[data-field-item="coverUrl"] img')?.getAttribute('src')).toBe(
        '/upload/front.png',
      ),
    );
    fireEvent.click(within(dialog).getByTestId('dialog-submit'));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      goodsName: '语文',
      schoolStage: 1,
      deptId: '1002',
      price: '9.90',
      coverUrl: '/upload/front.png',
    });
  });
});

describe('FieldValue', () => {
  it('shows the declared "no limit" number as words (不限 / Unlimited), other numbers as they are', async () => {
    const field: FieldDef = {
      name: 'accountNumber',
      kind: 'number',
      label: { zh: '额度', en: 'Limit' },
      unlimited: -1,
    };
    renderPage(
      <>
        <span data-testid="zh">
          <FieldValue field={field} lang="zh" record={{ accountNumber: -1 }} />
        </span>
        <span data-testid="en">
          <FieldValue field={field} lang="en" record={{ accountNumber: -1 }} />
        </span>
        <span data-testid="five">
          <FieldValue field={field} lang="en" record={{ accountNumber: 5 }} />
        </span>
      </>,
    );
    expect((await screen.findByTestId('zh')).textContent).toBe('不限');
    expect(screen.getByTestId('en').textContent).toBe('Unlimited');
    expect(screen.getByTestId('five').textContent).toBe('5');
  });
});
