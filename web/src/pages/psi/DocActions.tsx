import { App, Button, Typography, type TableColumnType } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { removeDocs, type Row } from '../../api/psi';
import '../../i18n/psi';

/** The row "delete" of a document list: asks first, naming the document, then removes it and refreshes. */
export function RemoveDocButton({
  resource,
  row,
  no,
  onRemoved,
}: {
  resource: string;
  row: Row;
  no: string;
  onRemoved: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  return (
    <Button
      type="link"
      size="small"
      danger
      icon={<DeleteOutlined />}
      onClick={() =>
        modal.confirm({
          title: t('psi.common.delete'),
          content: t('psi.common.removeConfirm', { no }),
          okButtonProps: { danger: true },
          onOk: async () => {
            await removeDocs(resource, [String(row.id)]);
            void message.success(t('psi.common.removed'));
            await onRemoved();
          },
        })
      }
      data-testid="row-delete"
    >
      {t('psi.common.delete')}
    </Button>
  );
}

/** The document-number column: the number links to the document's detail. */
export function docNoColumn(
  title: string,
  field: string,
  open: (id: string) => void,
  width?: number,
): TableColumnType<Row> {
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
