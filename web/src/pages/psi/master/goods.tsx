import { WarningOutlined } from '@ant-design/icons';
import { Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { goodsInfoResource } from '@psi/db/model';
import { ResourcePage } from '../../../components/resource/ResourcePage';
import { isbnValid } from '../format';
import { useImport } from '../ImportDialog';
import '../../../i18n/psi';

/** 图书管理: the catalogue list (search, add, edit, export) with the all-or-nothing Excel import. */
export default function GoodsPage() {
  const { t } = useTranslation();
  const importer = useImport('goods');
  return (
    <>
      <ResourcePage
        def={goodsInfoResource}
        cells={{
          isbn: (r) => {
            const isbn = String(r.isbn ?? '');
            return isbnValid(isbn) ? (
              <span>{isbn}</span>
            ) : (
              <Tooltip title={t('psi.goods.badIsbn')}>
                <Space size={4}>
                  <span>{isbn}</span>
                  <Tag color="red" icon={<WarningOutlined />} />
                </Space>
              </Tooltip>
            );
          },
        }}
        toolbar={importer.button}
      />
      {importer.dialog}
    </>
  );
}
