import { describe, expect, it, vi } from 'vitest';
import {
  EDITABLE,
  logSourceCodes,
  orderSourceCodes,
  payStatusCodes,
  PSI_DOCUMENTS,
  statusSet,
  transitionRule,
  TRANSITIONS,
  type CodeSet,
  type DetailItem,
  type DocumentDef,
} from '../src/model/psi/index';
import { loadSystemFixtures } from '../src/seed/fixtures';

/** The fields named by a detail item. */
const detailFields = (item: string | DetailItem): string[] =>
  typeof item === 'string' ? [item] : [item.field, ...(item.with ? [item.with] : [])];

const documents: DocumentDef[] = Object.values(PSI_DOCUMENTS);
const codeSets: CodeSet[] = [
  ...documents.map((doc) => doc.statuses),
  payStatusCodes,
  orderSourceCodes,
  logSourceCodes,
];

describe('the PSI document declarations', () => {
  it('name only fields their resource declares, and a status field coded by their dictionary', () => {
    for (const doc of documents) {
      const names = new Set(doc.resource.fields.map((f) => f.name));
      const named = [
        doc.numberField,
        ...doc.columns,
        ...doc.filters,
        ...doc.detail.flatMap(detailFields),
        ...(doc.editableWhen ? [doc.editableWhen.field] : []),
      ];
      for (const field of named) expect(names, `${doc.kind}.${field}`).toContain(field);
      const status = doc.resource.fields.find((f) => f.name === doc.statusField);
      expect(status?.dict?.code, doc.kind).toBe(doc.statuses.dict);
    }
  });

  it('label every code as fixtures/dicts.json does, in its order', () => {
    const dicts = loadSystemFixtures().dicts;
    for (const set of codeSets) {
      const entries = dicts
        .filter((d) => d.code === set.dict && d.parentId !== '0')
        .sort((a, b) => a.sort - b.sort)
        .map((d) => ({ code: Number(d.dictKey), zh: d.dictValue, en: d.dictValueEn }));
      expect(entries, set.dict).toEqual(set.codes.map((c) => ({ code: c.code, ...c.label })));
    }
  });

  it('are the source of the server guards: EDITABLE and TRANSITIONS', () => {
    for (const doc of documents) {
      const code = (name: string) => doc.statuses.codes.find((s) => s.name === name)?.code;
      expect(EDITABLE[doc.kind]).toEqual(doc.statuses.codes.filter((s) => s.editable).map((s) => s.code));
      const transitions = TRANSITIONS[doc.kind] as Record<string, { from: number[]; to: unknown }>;
      expect(Object.keys(transitions)).toEqual(Object.keys(doc.transitions));
      for (const [action, { from, to }] of Object.entries(doc.transitions))
        expect(transitions[action], `${doc.kind}.${action}`).toEqual({
          from: from.map(code),
          to: typeof to === 'string' ? code(to) : to.map(code),
        });
    }
  });

  it('flag open work apart from final statuses, and merge transitions into one rule', () => {
    for (const doc of documents) {
      const open = statusSet(doc, 'open');
      expect(open.length, doc.kind).toBeGreaterThan(0);
      expect(
        open.filter((code) => statusSet(doc, 'final').includes(code)),
        doc.kind,
      ).toEqual([]);
    }
    expect(statusSet(PSI_DOCUMENTS.purchaseorderyypt, 'open')).toEqual([1, 2, 4]);
    expect(statusSet(PSI_DOCUMENTS.purchaseorder, 'open')).toEqual([1, 2]);
    expect(transitionRule(PSI_DOCUMENTS.purchaseorderyypt, 'auditPass', 'auditReject')).toEqual({
      from: [1],
      to: [2, 8],
      who: ['purchaseorderyypt_audit', 'order_yy_audit'],
    });
    expect(transitionRule(PSI_DOCUMENTS.depositorycheck, 'save', 'complete').who).toEqual([
      'depositorycheck_add',
      'depositorycheck_edit',
      'depositorycheck_complete',
    ]);
    expect(() => transitionRule(PSI_DOCUMENTS.depositorycheck, 'ship')).toThrow(
      'depositorycheck declares no transition ship',
    );
  });

  it('change the guards when the declaration changes', async () => {
    vi.resetModules();
    const declared = await import('../src/model/psi/documents');
    const purchase = declared.purchaseorderDocument as unknown as DocumentDef;
    const audited = purchase.statuses.codes.find((s) => s.name === 'audited')!;
    (audited as { editable?: boolean }).editable = true;
    (purchase.transitions as Record<string, { from: string[]; to: string; who: string[] }>).reopen = {
      from: ['stored'],
      to: 'audited',
      who: [],
    };
    const guards = await import('../src/model/psi/status');
    expect(guards.EDITABLE.purchaseorder).toEqual([1, 2, 8]);
    expect(guards.isEditable('purchaseorder', 2)).toBe(true);
    expect((guards.TRANSITIONS.purchaseorder as Record<string, unknown>).reopen).toEqual({
      from: [3],
      to: 2,
    });
    expect(guards.PurchaseorderStatus.stored).toBe(3);
  });

  it('refuse a transition naming a status the document does not declare', async () => {
    vi.resetModules();
    const declared = await import('../src/model/psi/documents');
    const delivery = declared.deliveryorderDocument as unknown as DocumentDef;
    (delivery.transitions as Record<string, { from: string[]; to: string; who: string[] }>).lose = {
      from: ['pending'],
      to: 'lost',
      who: [],
    };
    await expect(import('../src/model/psi/status')).rejects.toThrow('deliveryorder declares no status lost');
  });

  it('keep 配送单 editing to direct orders in an editable status', () => {
    expect(PSI_DOCUMENTS.purchaseorderdepository.editableWhen.code).toBe(2);
  });
});
