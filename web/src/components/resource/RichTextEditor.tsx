import { useEffect, useRef, useState } from 'react';
import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  RedoOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Divider, Input, Popover, Select, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import '../../i18n/editor';

/** Links the editor accepts (the detail drawer sanitizes again when showing them). */
const SAFE_LINK = /^(https?:\/\/|mailto:)\S+$/i;

/** An empty document is stored as no content, not as `<p></p>`. */
function htmlOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

export interface RichTextEditorProps {
  id?: string;
  value?: string;
  onChange?: (html: string) => void;
  disabled?: boolean;
  placeholder?: string;
  /** The field's label: a `<label for>` does not name an editable div, `aria-label` does. */
  label?: string;
  /** The declaration field's name, for tests and labels. */
  field: string;
}

function ToolButton({
  label,
  icon,
  active,
  disabled,
  onClick,
  testId,
}: {
  label: string;
  icon: React.ReactNode;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  testId: string;
}) {
  return (
    <Tooltip title={label} mouseEnterDelay={0.4}>
      <Button
        type={active ? 'primary' : 'text'}
        ghost={active}
        size="small"
        icon={icon}
        aria-label={label}
        aria-pressed={active}
        disabled={disabled}
        // keep the selection in the editor while a button is pressed
        onMouseDown={(event) => event.preventDefault()}
        onClick={onClick}
        data-testid={`editor-${testId}`}
      />
    </Tooltip>
  );
}

function LinkButton({ editor, disabled }: { editor: Editor; disabled: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [href, setHref] = useState('');
  const [invalid, setInvalid] = useState(false);
  const active = editor.isActive('link');
  const apply = () => {
    const target = href.trim();
    if (!target) {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      setOpen(false);
      return;
    }
    if (!SAFE_LINK.test(target)) {
      setInvalid(true);
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !active) {
      // nothing selected: insert the address itself as the link text
      chain
        .insertContent({ type: 'text', text: target, marks: [{ type: 'link', attrs: { href: target } }] })
        .run();
    } else {
      chain.setLink({ href: target }).run();
    }
    setOpen(false);
  };
  return (
    <Popover
      open={open}
      trigger="click"
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setHref(String(editor.getAttributes('link').href ?? ''));
          setInvalid(false);
        }
      }}
      content={
        <div className="psi-richtext__link" data-testid="editor-link-form">
          <Input
            autoFocus
            value={href}
            status={invalid ? 'error' : undefined}
            placeholder={t('editor.linkPlaceholder')}
            onChange={(event) => {
              setHref(event.target.value);
              setInvalid(false);
            }}
            onPressEnter={apply}
            data-testid="editor-link-input"
          />
          {invalid && (
            <div className="psi-richtext__link-error" data-testid="editor-link-error">
              {t('editor.linkInvalid')}
            </div>
          )}
          <Space className="psi-richtext__link-actions">
            {active && (
              <Button
                size="small"
                onClick={() => {
                  editor.chain().focus().extendMarkRange('link').unsetLink().run();
                  setOpen(false);
                }}
                data-testid="editor-link-remove"
              >
                {t('editor.linkRemove')}
              </Button>
            )}
            <Button size="small" type="primary" onClick={apply} data-testid="editor-link-apply">
              {t('editor.linkApply')}
            </Button>
          </Space>
        </div>
      }
    >
      <span>
        <ToolButton
          label={t('editor.link')}
          icon={<LinkOutlined />}
          active={active}
          disabled={disabled}
          onClick={() => undefined}
          testId="link"
        />
      </span>
    </Popover>
  );
}

type EditorMarks = {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  bulletList: boolean;
  orderedList: boolean;
  heading: number;
  canUndo: boolean;
  canRedo: boolean;
  empty: boolean;
};

/** The TipTap editor bound to a form field: emits real edits only, follows `value` and `disabled`. */
function useFieldEditor({
  id,
  value,
  onChange,
  disabled = false,
  placeholder,
  label,
  field,
}: RichTextEditorProps): Editor {
  const emitted = useRef<string | undefined>(value ?? '');
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3] },
        // no empty paragraph appended after a list: the stored HTML is what was typed
        trailingNode: false,
        link: {
          openOnClick: false,
          autolink: true,
          protocols: ['http', 'https', 'mailto'],
          isAllowedUri: (url) => SAFE_LINK.test(url),
          HTMLAttributes: { rel: 'noopener noreferrer', target: '_blank' },
        },
      }),
    ],
    content: value ?? '',
    editable: !disabled,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        class: 'psi-richtext__content',
        role: 'textbox',
        'aria-multiline': 'true',
        ...(label ? { 'aria-label': label } : {}),
        ...(placeholder ? { 'aria-placeholder': placeholder, 'data-placeholder': placeholder } : {}),
        ...(id ? { id } : {}),
        'data-field': field,
      },
    },
    onUpdate: ({ editor: current }) => {
      const html = htmlOf(current);
      // a transaction that leaves the HTML as it was (the editor settling, a selection) is no edit: the
      // form would count it as touched and ask before closing a dialog nobody changed
      if (html === emitted.current) return;
      emitted.current = html;
      onChange?.(html);
    },
  });

  // a value set from outside (the form loading a record, a reset) replaces the document
  useEffect(() => {
    const next = value ?? '';
    if (next === emitted.current) return;
    emitted.current = next;
    // not an edit: no update event, and undo does not bring the previous document back
    editor.chain().setMeta('addToHistory', false).setContent(next, { emitUpdate: false }).run();
  }, [editor, value]);

  useEffect(() => {
    editor.setEditable(!disabled);
  }, [editor, disabled]);

  return editor;
}

/** What the toolbar shows as active or available at the current selection. */
function useEditorMarks(editor: Editor): EditorMarks {
  return useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      heading: ([1, 2, 3] as const).find((level) => e.isActive('heading', { level })) ?? 0,
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
      empty: e.isEmpty,
    }),
  });
}

function HeadingSelect({
  editor,
  heading,
  disabled,
}: {
  editor: Editor;
  heading: number;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const chain = () => editor.chain().focus();
  return (
    <Select
      size="small"
      value={heading}
      disabled={disabled}
      popupMatchSelectWidth={false}
      className="psi-richtext__heading"
      aria-label={t('editor.heading', { level: '' }).trim()}
      onChange={(level: number) =>
        level === 0
          ? chain().setParagraph().run()
          : chain()
              .setHeading({ level: level as 1 | 2 | 3 })
              .run()
      }
      options={[
        { value: 0, label: t('editor.paragraph') },
        ...[1, 2, 3].map((level) => ({ value: level, label: t('editor.heading', { level }) })),
      ]}
      data-testid="editor-heading"
    />
  );
}

function EditorToolbar({
  editor,
  state,
  disabled,
}: {
  editor: Editor;
  state: EditorMarks;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const chain = () => editor.chain().focus();
  return (
    <div className="psi-richtext__toolbar" role="toolbar" aria-label={t('editor.toolbar')}>
      <HeadingSelect editor={editor} heading={state.heading} disabled={disabled} />
      <Divider orientation="vertical" />
      <ToolButton
        label={t('editor.bold')}
        icon={<BoldOutlined />}
        active={state.bold}
        disabled={disabled}
        onClick={() => chain().toggleBold().run()}
        testId="bold"
      />
      <ToolButton
        label={t('editor.italic')}
        icon={<ItalicOutlined />}
        active={state.italic}
        disabled={disabled}
        onClick={() => chain().toggleItalic().run()}
        testId="italic"
      />
      <ToolButton
        label={t('editor.underline')}
        icon={<UnderlineOutlined />}
        active={state.underline}
        disabled={disabled}
        onClick={() => chain().toggleUnderline().run()}
        testId="underline"
      />
      <Divider orientation="vertical" />
      <ToolButton
        label={t('editor.bulletList')}
        icon={<UnorderedListOutlined />}
        active={state.bulletList}
        disabled={disabled}
        onClick={() => chain().toggleBulletList().run()}
        testId="bullet-list"
      />
      <ToolButton
        label={t('editor.orderedList')}
        icon={<OrderedListOutlined />}
        active={state.orderedList}
        disabled={disabled}
        onClick={() => chain().toggleOrderedList().run()}
        testId="ordered-list"
      />
      <LinkButton editor={editor} disabled={disabled} />
      <Divider orientation="vertical" />
      <ToolButton
        label={t('editor.undo')}
        icon={<UndoOutlined />}
        disabled={disabled || !state.canUndo}
        onClick={() => chain().undo().run()}
        testId="undo"
      />
      <ToolButton
        label={t('editor.redo')}
        icon={<RedoOutlined />}
        disabled={disabled || !state.canRedo}
        onClick={() => chain().redo().run()}
        testId="redo"
      />
    </div>
  );
}

/**
 * A rich-text editor (TipTap) for a form field whose value is HTML: headings, bold, italic, underline,
 * lists, links, undo and redo. Given `value` / `onChange` by antd's Form.Item.
 */
export default function RichTextEditor(props: RichTextEditorProps) {
  const { disabled = false, field } = props;
  const editor = useFieldEditor(props);
  const state = useEditorMarks(editor);
  return (
    <div
      className={`psi-richtext${disabled ? ' psi-richtext--disabled' : ''}${state.empty ? ' psi-richtext--empty' : ''}`}
      data-testid={`richtext-${field}`}
    >
      <EditorToolbar editor={editor} state={state} disabled={disabled} />
      <EditorContent editor={editor} className="psi-richtext__body" />
    </div>
  );
}
