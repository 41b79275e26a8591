import { App, Typography, type TableColumnType } from 'antd';
import { useTranslation } from 'react-i18next';
import { removeDocs, type DeclaredRow } from '../../api/psi';
import '../../i18n/psi';

/**
 * The row "delete" of a document list: asks first, naming the document, then removes it and refreshes.
 * A function, so the delete can sit in the row or in its "more" menu alike.
 */
export function useRemoveDoc() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  return ({ resource, row, no, onRemoved }: RemoveDoc) =>
    modal.confirm({
      title: t('psi.common.delete'),
      content: t('psi.common.removeConfirm', { no }),
      okButtonProps: { danger: true },
      onOk: async () => {
        await removeDocs(resource, [String(row.id)]);
        void message.success(t('psi.common.removed'));
        await onRemoved();
      },
    });
}

interface RemoveDoc {
  resource: string;
  row: DeclaredRow;
  no: string;
  onRemoved: () => Promise<unknown>;
}

/** The document-number column: the number links to the document's detail. */
export function docNoColumn(
  title: string,
  field: string,
  open: (id: string) => void,
  width?: number,
): TableColumnType<DeclaredRow> {
  return {
    title,
    key: field,
    width,
    render: (_v, r) => (
      <Typography.Link onClick={() => open(String(r.id))} data-testid="order-no">
        {String(r[field])}
      </Typography.Link>
    ),
  };
}
