import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

export type DocView = { mode: 'view' | 'edit'; id: string } | { mode: 'new' } | null;

function parse(search: string): DocView {
  const params = new URLSearchParams(search);
  const id = params.get('id');
  const edit = params.get('edit');
  if (id) return { mode: 'view', id };
  if (edit) return { mode: 'edit', id: edit };
  if (params.get('new')) return { mode: 'new' };
  return null;
}

const same = (a: DocView, b: DocView) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Which document a list page shows, kept in its URL (`?id=`, `?edit=`, `?new=1`) so a document can be
 * linked to and reopened. A page kept alive in a hidden tab keeps what it showed while another tab's
 * location is current.
 */
export function useDocRoute(path: string): [DocView, (next: DocView) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const onPath = location.pathname === path;
  const fromUrl = onPath ? parse(location.search) : null;
  const [kept, setKept] = useState<DocView>(fromUrl);
  // Adjusted while rendering (not in an effect): the URL of this page is the source of truth.
  if (onPath && !same(kept, fromUrl)) setKept(fromUrl);
  const view = onPath ? fromUrl : kept;

  const go = (next: DocView) => {
    const query = !next
      ? ''
      : next.mode === 'new'
        ? '?new=1'
        : next.mode === 'view'
          ? `?id=${next.id}`
          : `?edit=${next.id}`;
    void navigate(`${path}${query}`, { replace: true });
  };
  return [view, go];
}
