import { useQueryClient } from '@tanstack/react-query';
import { CodeOutlined, CopyOutlined } from '@ant-design/icons';
import { RowButton } from '../../../components/resource/ResourceColumns';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { codeResource } from '@psi/db/model';
import { copyCode, generateCode } from '../../../api/tool';
import type { DeclaredRow } from '../../../components/resource/model';
import { ResourcePage } from '../../../components/resource/ResourcePage';
import { resourceKeys } from '../../../api/resource';
import { useCan } from '../../../hooks/permission';
import { useConfirm } from '../../../hooks/confirm';
import '../../../i18n/system';

/** The code generator (/tool/code): rows of generation settings; generate downloads the zip; copy. */
export default function CodePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const can = useCan();
  const canGen = can('code_gen');
  const canCopy = can('code_copy');
  const generate = (record: DeclaredRow) =>
    confirm(t('sys.generateConfirm'), async () => {
      try {
        await generateCode(String(record.id));
      } catch {
        return; // said by the client; the confirm closes
      }
      void message.success(t('crud.done'));
    });
  const copy = async (record: DeclaredRow) => {
    try {
      await copyCode(String(record.id));
      void message.success(t('sys.copied'));
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all(codeResource.key) });
    } catch {
      // shown by the client
    }
  };
  return (
    <ResourcePage
      def={codeResource}
      rowActions={
        canGen || canCopy
          ? (record) => (
              <>
                {canGen && (
                  <RowButton
                    icon={<CodeOutlined />}
                    label={t('sys.generate')}
                    testId="row-generate"
                    onClick={() => generate(record)}
                  />
                )}
                {canCopy && (
                  <RowButton
                    icon={<CopyOutlined />}
                    label={t('sys.copy')}
                    testId="row-copy"
                    onClick={() => void copy(record)}
                  />
                )}
              </>
            )
          : undefined
      }
    />
  );
}
