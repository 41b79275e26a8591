import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

export type DocView = { mode: 'view' | 'edit'; id: string } | { mode: 'new' } | null;

/**
 * Which document a list page shows, kept in its URL (`?id=`, `?edit=`, `?new=1`) so a document can be
 * linked to and reopened. A page kept alive in a hidden tab ignores other tabs' locations.
 */
export function useDocRoute(path: string): [DocView, (next: DocView) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const [view, setView] = useState<DocView>(null);

  useEffect(() => {
    if (location.pathname !== path) return;
    const search = new URLSearchParams(location.search);
    const id = search.get('id');
    const edit = search.get('edit');
    if (id) setView({ mode: 'view', id });
    else if (edit) setView({ mode: 'edit', id: edit });
    else if (search.get('new')) setView({ mode: 'new' });
    else setView(null);
  }, [location.pathname, location.search, path]);

  const go = (next: DocView) => {
    setView(next);
    const query = !next ? '' : next.mode === 'new' ? '?new=1' : next.mode === 'view' ? `?id=${next.id}` : `?edit=${next.id}`;
    navigate(`${path}${query}`, { replace: true });
  };
  return [view, go];
}
