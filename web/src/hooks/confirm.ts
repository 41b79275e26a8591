import { App } from 'antd';
import type { ModalFuncProps } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The app's yes/no question: titled 提示 / Tip with OK and Cancel unless the caller says otherwise;
 * `onOk` runs on OK (a returned promise keeps the OK button spinning until it settles).
 */
export function useConfirm(): (
  content: ModalFuncProps['content'],
  onOk: NonNullable<ModalFuncProps['onOk']>,
  options?: Omit<ModalFuncProps, 'content' | 'onOk'>,
) => void {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return (content, onOk, options) => {
    modal.confirm({
      title: t('common.tip'),
      content,
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      ...options,
      onOk,
    });
  };
}
