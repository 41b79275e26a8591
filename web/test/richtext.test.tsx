import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Form, type FormInstance } from 'antd';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FieldDef } from '@psi/db/model';
import { i18n } from '../src/i18n';
import { FieldControl } from '../src/components/resource/fields';

const content: FieldDef = {
  name: 'content',
  kind: 'richtext',
  label: { zh: '通知内容', en: 'Content' },
};

/** The rich-text control inside a form, as the resource dialog renders it; answers the form. */
function renderEditor(initial?: string, lang: 'zh' | 'en' = 'zh') {
  let form: FormInstance | undefined;
  function Holder() {
    const [instance] = Form.useForm();
    form = instance;
    return (
      <Form form={instance} initialValues={{ content: initial }}>
        <Form.Item name="content" label={content.label[lang]}>
          <FieldControl field={content} lang={lang} />
        </Form.Item>
      </Form>
    );
  }
  render(<Holder />);
  return () => form!;
}

async function editorBody(): Promise<HTMLElement> {
  const root = await screen.findByTestId('richtext-content');
  return within(root).getByRole('textbox');
}

beforeAll(() => {
  // ProseMirror scrolls the selection into view: jsdom has no layout, so ranges report empty boxes
  const empty = () => new DOMRect(0, 0, 0, 0);
  Range.prototype.getBoundingClientRect ??= empty;
  Range.prototype.getClientRects ??= () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  document.elementFromPoint ??= () => null;
});

afterEach(async () => {
  await act(() => i18n.changeLanguage('zh'));
});

describe('rich-text field', () => {
  it('loads the editor lazily and shows the stored HTML in it', async () => {
    renderEditor('<p>开学<strong>通知</strong></p><ul><li><p>领书</p></li></ul>');
    const body = await editorBody();
    expect(body.getAttribute('contenteditable')).toBe('true');
    expect(body.querySelector('strong')?.textContent).toBe('通知');
    expect(body.querySelector('ul li')?.textContent).toBe('领书');
    expect(body.getAttribute('data-field')).toBe('content');
  });

  it('labels every tool in zh and en', async () => {
    renderEditor('');
    await editorBody();
    expect(screen.getByRole('toolbar').getAttribute('aria-label')).toBe('格式工具栏');
    for (const label of ['加粗', '斜体', '下划线', '无序列表', '有序列表', '链接', '撤销', '重做'])
      expect(screen.getByRole('button', { name: label })).toBeTruthy();
    await act(() => i18n.changeLanguage('en'));
    for (const label of [
      'Bold',
      'Italic',
      'Underline',
      'Bulleted list',
      'Numbered list',
      'Link',
      'Undo',
      'Redo',
    ])
      expect(screen.getByRole('button', { name: label })).toBeTruthy();
    expect(screen.getByRole('toolbar').getAttribute('aria-label')).toBe('Formatting toolbar');
  });

  it('writes the toolbar formatting back to the form as HTML', async () => {
    const form = renderEditor('<p>书费</p>');
    await editorBody();
    expect(screen.getByRole('button', { name: '撤销' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: '无序列表' }));
    await waitFor(() => expect(form().getFieldValue('content')).toBe('<ul><li><p>书费</p></li></ul>'));
    expect(screen.getByRole('button', { name: '无序列表' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: '撤销' }));
    await waitFor(() => expect(form().getFieldValue('content')).toBe('<p>书费</p>'));
  });

  it('replaces the document when the form sets a value, without an undo step', async () => {
    const form = renderEditor('<p>旧</p>');
    const body = await editorBody();
    act(() => form().setFieldsValue({ content: '<h2>新标题</h2>' }));
    await waitFor(() => expect(body.querySelector('h2')?.textContent).toBe('新标题'));
    expect(form().getFieldValue('content')).toBe('<h2>新标题</h2>');
    // setting a value is not an edit: nothing to undo
    expect(screen.getByRole('button', { name: '撤销' })).toHaveProperty('disabled', true);
    act(() => form().setFieldsValue({ content: undefined }));
    await waitFor(() => expect(body.textContent).toBe(''));
    fireEvent.click(screen.getByRole('button', { name: '加粗' }));
    expect(form().getFieldValue('content')).toBeUndefined();
  });

  it('refuses links other than http, https and mailto', async () => {
    const form = renderEditor('<p>教材</p>');
    await editorBody();
    fireEvent.click(screen.getByRole('button', { name: '链接' }));
    const input = await screen.findByTestId('editor-link-input');
    fireEvent.change(input, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByTestId('editor-link-apply'));
    expect((await screen.findByTestId('editor-link-error')).textContent).toBe(
      '链接须以 http://、https:// 或 mailto: 开头',
    );
    expect(form().getFieldValue('content')).toBe('<p>教材</p>');
    fireEvent.change(input, { target: { value: 'https://example.com' } });
    fireEvent.click(screen.getByTestId('editor-link-apply'));
    await waitFor(() => expect(form().getFieldValue('content')).toContain('href="https://example.com"'));
  });
});
