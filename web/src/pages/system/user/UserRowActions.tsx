import { CheckCircleOutlined, DownOutlined, EditOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, type MenuProps } from 'antd';
import { RowButton } from '../../../components/resource/ResourceColumns';
import { useTranslation } from 'react-i18next';
import { approveUser, resetUserPassword, unlockUser } from '../../../api/system';
import type { DeclaredRow } from '../../../components/resource/model';
import { useConfirm } from '../../../hooks/confirm';

export type UserRowDialog = 'edit' | 'role' | 'platform';

export interface UserRowCan {
  edit: boolean;
  role: boolean;
  reset: boolean;
  unlock: boolean;
  platform: boolean;
}

/**
 * The row buttons of the user list: edit, approve a pending registration, and the "more" menu (role
 * grant, password reset, unlock, platform settings). Calls that need no form are confirmed first.
 */
export function useUserRowActions(
  can: UserRowCan,
  open: (kind: UserRowDialog, record: DeclaredRow) => void,
  refresh: () => void,
) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();

  const confirmCall = (content: string, call: () => Promise<unknown>) =>
    confirm(content, async () => {
      // a refusal is toasted by the client; the confirm closes either way
      const done = await call().then(
        () => true,
        () => false,
      );
      if (!done) return;
      void message.success(t('crud.done'));
      refresh();
    });

  return (record: DeclaredRow) => {
    const id = String(record.id);
    const items: NonNullable<MenuProps['items']> = [
      ...(can.role ? [{ key: 'role', label: t('sys.roleGrant') }] : []),
      ...(can.reset ? [{ key: 'reset', label: t('sys.resetPassword') }] : []),
      ...(can.unlock ? [{ key: 'unlock', label: t('sys.unlock') }] : []),
      ...(can.platform ? [{ key: 'platform', label: t('sys.platform') }] : []),
    ];
    const onMore: MenuProps['onClick'] = ({ key }) => {
      if (key === 'role' || key === 'platform') open(key, record);
      if (key === 'reset') confirmCall(t('sys.resetConfirm'), () => resetUserPassword(id));
      if (key === 'unlock') confirmCall(t('sys.unlockConfirm'), () => unlockUser(id));
    };
    return (
      <>
        {can.edit && (
          <RowButton
            icon={<EditOutlined />}
            label={t('crud.edit')}
            testId="row-edit"
            onClick={() => open('edit', record)}
          />
        )}
        {can.edit && Number(record.status) === 2 && (
          <RowButton
            icon={<CheckCircleOutlined />}
            label={t('sys.approve')}
            testId="row-approve"
            onClick={() =>
              confirmCall(t('sys.approveConfirm', { account: String(record.account) }), () => approveUser(id))
            }
          />
        )}
        {items.length > 0 && (
          <Dropdown menu={{ items, onClick: onMore }} trigger={['click']}>
            <Button type="link" size="small" data-testid="row-more">
              {t('sys.more')} <DownOutlined />
            </Button>
          </Dropdown>
        )}
      </>
    );
  };
}
