import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router-dom';

/** Route `handle` of the app: `title` is an i18n key (the tab label of the route). */
export interface RouteHandle {
  title?: string;
}

function titleKeyOf(handle: unknown): string | undefined {
  if (typeof handle !== 'object' || handle === null) return undefined;
  const { title } = handle as RouteHandle;
  return typeof title === 'string' ? title : undefined;
}

/** Keeps `document.title` on "<route label> - <product name>", in the current language. */
export function useDocumentTitle(): void {
  const { t, i18n } = useTranslation();
  const matches = useMatches();
  const titleKey = matches
    .map((match) => titleKeyOf(match.handle))
    .filter((key) => key !== undefined)
    .at(-1);
  const appTitle = t('app.title');
  const label = titleKey ? t(titleKey) : '';
  useEffect(() => {
    document.title = label ? `${label} - ${appTitle}` : appTitle;
  }, [label, appTitle, i18n.language]);
}
