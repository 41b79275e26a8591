/** The rich-text editor's toolbar labels. */
export const zhEditor = {
  editor: {
    toolbar: '格式工具栏',
    paragraph: '正文',
    heading: '标题 {{level}}',
    bold: '加粗',
    italic: '斜体',
    underline: '下划线',
    bulletList: '无序列表',
    orderedList: '有序列表',
    link: '链接',
    linkPlaceholder: '输入链接地址，例如 https://…',
    linkApply: '确定',
    linkRemove: '移除链接',
    linkInvalid: '链接须以 http://、https:// 或 mailto: 开头',
    undo: '撤销',
    redo: '重做',
  },
};
