/**
 * Every react-query key of the PSI screens, built here and nowhere else. A document kind (its
 * `DocumentKind` key: `purchaseorderyypt`, `purchaseorderdepository`, …) owns the keys below `['psi', kind]`: its lists (and their tab counts),
 * its details and the documents its editor loads, so a write can refresh exactly what it changed.
 * Lookups shared by several screens (schools, depositories, the caller's school) sit beside the kinds.
 */
export const psiKeys = {
  /** Every PSI query: what a write that touches balances, stock and documents refreshes. */
  all: ['psi'] as const,
  kind: (kind: string) => [...psiKeys.all, kind] as const,
  /** A kind's lists and tab counts, whatever their filters. */
  lists: (kind: string) => [...psiKeys.kind(kind), 'list'] as const,
  list: (kind: string, params: unknown) => [...psiKeys.lists(kind), params] as const,
  count: (kind: string, params: unknown) => [...psiKeys.lists(kind), 'count', params] as const,
  details: (kind: string) => [...psiKeys.kind(kind), 'detail'] as const,
  detail: (kind: string, id: string) => [...psiKeys.details(kind), id] as const,
  /** A document loaded into its editor (never served from the cache of another screen). */
  edit: (kind: string, id: string | undefined) => [...psiKeys.kind(kind), 'edit', id] as const,
  /** The lines of one document. */
  lines: (kind: string, id: string) => [...psiKeys.kind(kind), 'lines', id] as const,
  /** What a delivery may ship against one 配送单 (open, pending and stock per line). */
  deliveryPlan: (podId: string | undefined, id: string | undefined) =>
    [...psiKeys.kind('deliveryorder'), 'plan', podId, id] as const,
  /** The 配送单 a new delivery may be made for. */
  shippable: () => [...psiKeys.kind('purchaseorderdepository'), 'shippable'] as const,
  stock: (params: unknown) => [...psiKeys.all, 'stock', params] as const,
  home: () => [...psiKeys.all, 'home'] as const,
  mySchool: (userId: string) => [...psiKeys.all, 'my-school', userId] as const,
  schools: (params: unknown) => [...psiKeys.all, 'schools', params] as const,
  /** The sale discount of a school. */
  schoolTerms: (schoolId: string | undefined) => [...psiKeys.all, 'school-terms', schoolId] as const,
  /** The enabled depositories the caller may see. */
  depositories: () => [...psiKeys.all, 'depositories'] as const,
  /** The depositories serving one school. */
  serving: (schoolId: string | undefined) => [...psiKeys.depositories(), 'serving', schoolId] as const,
};
