import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { bookExample, schoolExample } from '../../src/modules/psi/master/examples';
import { as, demoApp, type Client } from './helpers';

/** The document's PSI examples are rows of the demo data as their lists answer them. */
let app: FastifyInstance;
let pt: Client;

beforeAll(async () => {
  app = await demoApp();
  pt = await as(app, 'pt_admin');
});

interface Page {
  records: Record<string, unknown>[];
}

describe('examples of the PSI lists', () => {
  it('show the demo book and school as the lists answer them', async () => {
    const books = await pt.get<Page>('goodsinfo/list', { isbn: bookExample.isbn });
    expect(books.data.records).toHaveLength(1);
    expect(books.data.records[0]).toMatchObject(bookExample);
    const schools = await pt.get<Page>('schoolinfo/list', { schoolCode: schoolExample.schoolCode });
    expect(schools.data.records).toHaveLength(1);
    expect(schools.data.records[0]).toMatchObject(schoolExample);
  });

  it('are in the document, on the rows of the two lists', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/v3/api-docs' })).json() as {
      paths: Record<string, { get: unknown }>;
    };
    for (const [path, example] of [
      ['/blade-psi/goodsinfo/list', bookExample],
      ['/blade-psi/schoolinfo/list', schoolExample],
    ] as const) {
      const text = JSON.stringify(doc.paths[path].get);
      expect(text).toContain(`"examples":[${JSON.stringify(example)}]`);
    }
  });
});
