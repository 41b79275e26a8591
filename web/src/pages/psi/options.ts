import type { DeclaredRow } from '../../api/psi';

/** Select options of depositories: `name（code）`. */
export const depositoryOptions = (rows: DeclaredRow[] | undefined) =>
  (rows ?? []).map((d) => ({
    value: String(d.id),
    label: `${String(d.depositoryName)}（${String(d.depositoryCode)}）`,
  }));

/** Select options of schools: `name（code）`. */
export const schoolOptions = (rows: DeclaredRow[] | undefined) =>
  (rows ?? []).map((s) => ({
    value: String(s.id),
    label: `${String(s.schoolName)}（${String(s.schoolCode)}）`,
  }));
