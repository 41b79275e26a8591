import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PSI_DOCUMENTS, type DocumentDef } from '@psi/db/model/psi/index';

/*
 * "The declaration is the rule": the PSI server code (server/src/modules/psi) carries no status
 * number and no approver list of its own. Status sets, guards and route access come from the
 * document kinds' declarations in db/src/model/psi (through shared/rules.ts); this test reads the
 * sources and fails on a status number in SQL or code, or on a button code of a declared
 * transition written by hand.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/modules/psi');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Status numbers typed by hand: in SQL (`order_status IN (1, 8)`, `check_status = 1`, `status = 1`) or code. */
const STATUS_NUMBERS: [string, RegExp][] = [
  ['a status list in SQL', /_status\s+(?:NOT\s+)?IN\s*\(\s*\d/i],
  ['a status compared in SQL', /_status\s*(?:=|<>|!=|<=?|>=?)\s*\d/],
  ['the row flag compared in SQL', /(?:^|[\s.("'`])"?status"?\s*(?:=|<>|!=)\s*\d/],
  ['a status compared in code', /status\s*(?:!==|===|!=|==)\s*\d/i],
  ['a status number written', /[sS]tatus\s*:\s*\d/],
];

/** Every button code the PSI document kinds declare: of a transition's `who` and of create/edit/remove. */
const declaredCodes = [
  ...new Set(
    Object.values(PSI_DOCUMENTS as Record<string, DocumentDef>).flatMap((doc) => [
      ...Object.values(doc.transitions).flatMap((tr) => [...tr.who]),
      ...doc.who.create,
      ...doc.who.edit,
      ...doc.who.remove,
    ]),
  ),
];

/** A hand-written approver: a declared code, or any `…_audit`-style step button, as a string literal. */
const codeLiteral = (code: string) => new RegExp(`['"\`]${code}['"\`]`);
const STEP_BUTTON = /['"`][a-z]+_(?:audit|storage|delivery|complete|approve|supplement)['"`]/;

function findings(text: string, file: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    const where = `${path.relative(ROOT, file)}:${index + 1}: ${line.trim()}`;
    for (const [what, pattern] of STATUS_NUMBERS) if (pattern.test(line)) found.push(`${what}: ${where}`);
    if (STEP_BUTTON.test(line)) found.push(`a step button: ${where}`);
    for (const code of declaredCodes)
      if (codeLiteral(code).test(line)) found.push(`the declared button ${code}: ${where}`);
  });
  return found;
}

describe('PSI server code takes its rules from the declarations', () => {
  it('recognises the hand-written forms it forbids', () => {
    const samples = [
      "editable: 'order_status IN (1, 8)',",
      "guard: 'check_status = 1',",
      'JOIN psi_delivery_order o ON o.id = d.delivery_id AND o.order_status = 1',
      'WHERE tenant_id = ? AND is_deleted = 0 AND status = 1',
      `sql: '"status" = 1',`,
      'if (!row || row.status !== 1) throw fail(refusal);',
      'orderStatus: 3,',
      "access: { button: ['purchaseorderyypt_audit', 'order_yy_audit'] },",
      "access: { button: 'deliveryorder_delivery' },",
      "if (input.complete && !allows(app, actor, { button: 'depositorycheck_complete' }))",
    ];
    for (const sample of samples) expect(findings(sample, path.join(ROOT, 'x.ts')), sample).not.toEqual([]);
    expect(declaredCodes).toContain('purchaseorder_audit');
  });

  it('finds no status number and no hand-written approver in server/src/modules/psi', () => {
    const files = sources(ROOT);
    expect(files.length).toBeGreaterThan(20);
    const found = files.flatMap((file) => findings(fs.readFileSync(file, 'utf8'), file));
    expect(found).toEqual([]);
  });
});
