import { useState, type ReactNode } from 'react';
import type { ResourceDef } from '@psi/db/model';
import type { DeclaredRow } from './model';
import { RowButton } from './ResourceColumns';
import { ResourcePage } from './ResourcePage';

interface RowDialogPageProps {
  def: ResourceDef;
  /** whether the user holds the button's permission */
  allowed: boolean;
  button: { icon: ReactNode; label: string; testId: string };
  /** what the button opens about its row; `close` closes it */
  dialog: (record: DeclaredRow, close: () => void) => ReactNode;
}

/** A resource page with one more row button, opening a dialog (or drawer) about its row. */
export function RowDialogPage({ def, allowed, button, dialog }: RowDialogPageProps) {
  const [open, setOpen] = useState<DeclaredRow | null>(null);
  return (
    <>
      <ResourcePage
        def={def}
        rowActions={
          allowed ? (record) => <RowButton {...button} onClick={() => setOpen(record)} /> : undefined
        }
      />
      {open && dialog(open, () => setOpen(null))}
    </>
  );
}
