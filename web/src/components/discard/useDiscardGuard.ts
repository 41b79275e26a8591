import { useEffect, useRef } from 'react';
import { App, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { registerGuard } from './registry';
import '../../i18n/table';

/** The question before changes are thrown away (antd's confirm, in the user's language). */
export function useDiscardQuestion() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return (onDiscard: () => void, onKeep?: () => void) =>
    modal.confirm({
      title: t('table.discardTitle'),
      content: t('table.discardContent'),
      okText: t('table.discardOk'),
      cancelText: t('table.discardCancel'),
      // the safe answer has the focus: a reflex Enter keeps the work
      autoFocusButton: 'cancel',
      okButtonProps: { danger: true, 'data-testid': 'discard-ok' } as ButtonProps,
      cancelButtonProps: { 'data-testid': 'discard-cancel' } as ButtonProps,
      onOk: onDiscard,
      onCancel: onKeep,
    });
}

/**
 * No lost work: an editor, dialog or drawer with unsaved changes asks before it closes (Esc, the close
 * button, cancel), before a navigation or a closed tab would throw it away (`DiscardBlocker`, the tab
 * bar) and before the browser tab closes or reloads (`beforeunload`). `isDirty` is read when the question arises. Returns the guarded
 * close: pass it the close action; it runs at once when nothing changed. `release` marks the work as
 * saved (before a save navigates on).
 */
export function useDiscardGuard(
  isDirty: () => boolean,
  onClose: () => void,
  options: { urlBound?: boolean } = {},
) {
  const ask = useDiscardQuestion();
  const { pathname } = useLocation();
  const opened = useRef({ path: pathname, urlBound: options.urlBound ?? false });
  const latest = useRef({ isDirty, onClose });
  const released = useRef(false);
  const asking = useRef(false);
  useEffect(() => {
    latest.current = { isDirty, onClose };
  });
  useEffect(() => {
    const guard = {
      ...opened.current,
      isDirty: () => !released.current && latest.current.isDirty(),
      discard: () => {
        released.current = true;
        latest.current.onClose();
      },
    };
    const unregister = registerGuard(guard);
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!guard.isDirty()) return;
      event.preventDefault();
      // older browsers show their question only when a return value is set
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      unregister();
      window.removeEventListener('beforeunload', beforeUnload);
    };
  }, []);

  const close = () => {
    if (released.current || !latest.current.isDirty()) {
      latest.current.onClose();
      return;
    }
    if (asking.current) return;
    asking.current = true;
    ask(
      () => {
        asking.current = false;
        released.current = true;
        latest.current.onClose();
      },
      () => {
        asking.current = false;
      },
    );
  };
  const release = () => {
    released.current = true;
  };
  return { close, release };
}
