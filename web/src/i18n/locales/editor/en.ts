import type { Translation } from '../../types';
import type { zhEditor } from './zh';

export const enEditor = {
  editor: {
    toolbar: 'Formatting toolbar',
    paragraph: 'Paragraph',
    heading: 'Heading {{level}}',
    bold: 'Bold',
    italic: 'Italic',
    underline: 'Underline',
    bulletList: 'Bulleted list',
    orderedList: 'Numbered list',
    link: 'Link',
    linkPlaceholder: 'Link address, e.g. https://…',
    linkApply: 'Apply',
    linkRemove: 'Remove link',
    linkInvalid: 'A link must start with http://, https:// or mailto:',
    undo: 'Undo',
    redo: 'Redo',
  },
} satisfies Translation<typeof zhEditor>;
