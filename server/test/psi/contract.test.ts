import { describe, expect, it } from 'vitest';
import { testApp } from '../helpers';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

/** Every `/blade-psi` operation is documented: its input and its 200 answer (JSON or a workbook). */
describe('the PSI contract', () => {
  it('declares the 200 answer of every operation, downloads as workbooks', async () => {
    const app = await testApp({ seed: 'none' });
    const doc = (await app.inject({ method: 'GET', url: '/v3/api-docs' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const psi = Object.entries(doc.paths).filter(([p]) => p.startsWith('/blade-psi/'));
    expect(psi.length).toBeGreaterThan(120);
    const undocumented: string[] = [];
    for (const [path, ops] of psi)
      for (const [method, op] of Object.entries(ops)) {
        const content = op.responses['200']?.content ?? {};
        const download = /\/(export|template)$/.test(path);
        const type = download ? XLSX : 'application/json';
        if (!content[type]?.schema) undocumented.push(`${method} ${path}: no ${type} answer`);
        if (method === 'post' && !op.requestBody) undocumented.push(`${method} ${path}: no body`);
        if (method === 'get' && !download && !op.parameters?.some((p) => p.in === 'query'))
          undocumented.push(`${method} ${path}: no query`);
      }
    expect(undocumented).toEqual([]);
  });

  it('documents the import answer, its refusal with every bad cell, and the multipart upload', async () => {
    const app = await testApp({ seed: 'none' });
    const doc = (await app.inject({ method: 'GET', url: '/v3/api-docs' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const upload = doc.paths['/blade-psi/goodsinfo/upLoadList'].post;
    expect(Object.keys(upload.requestBody!.content)).toEqual(['multipart/form-data']);
    const ok = JSON.stringify(upload.responses['200'].content!['application/json'].schema);
    for (const key of ['created', 'updated', 'unchanged']) expect(ok).toContain(`"${key}"`);
    const refused = JSON.stringify(upload.responses['400'].content!['application/json'].schema);
    for (const key of ['errors', 'row', 'field', 'message']) expect(refused).toContain(`"${key}"`);
  });
});
