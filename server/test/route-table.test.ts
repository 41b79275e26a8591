import { describe, expect, it } from 'vitest';
import { testApp } from './helpers';

describe('the route table and the document', () => {
  it('documents every API route under its Blade path and method', async () => {
    const app = await testApp({ seed: 'none' });
    const doc = (await app.inject({ method: 'GET', url: '/v3/api-docs' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = app.routeTable.filter((r) => r.url.startsWith('/api/'));
    expect(routes.length).toBeGreaterThan(300);
    // `:name` parameters are `{name}` in OpenAPI
    const pathOf = (url: string) => url.slice('/api'.length).replace(/:(\w+)/g, '{$1}');
    const missing = routes.filter((r) => !doc.paths[pathOf(r.url)]?.[r.method.toLowerCase()]);
    expect(missing.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });
});
