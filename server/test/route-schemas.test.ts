import { describe, expect, it } from 'vitest';
import { testApp } from './helpers';

/** What a route declares, from fastify's own route options (schemas attached to the route, not looked up by URL). */
interface Declared {
  params?: unknown;
  querystring?: unknown;
  body?: unknown;
  response?: Record<string, unknown>;
}

describe('every API route declares its schemas', () => {
  it('params, query, body and a 200 answer, and is in the document', async () => {
    const app = await testApp({ seed: 'none' });
    const doc = (await app.inject({ method: 'GET', url: '/v3/api-docs' })).json() as {
      paths: Record<string, Record<string, { responses?: Record<string, { content?: object }> }>>;
    };
    const routes = app.routeTable.filter((r) => r.url.startsWith('/api/'));
    expect(routes.length).toBeGreaterThan(300);
    const pathOf = (url: string) => url.slice('/api'.length).replace(/:(\w+)/g, '{$1}');
    const problems: string[] = [];
    for (const r of routes) {
      const s = (r.schema ?? {}) as Declared;
      const name = `${r.method} ${r.url}`;
      if (!s.response?.['200']) problems.push(`${name}: no 200 answer`);
      if (r.url.includes(':') && !s.params) problems.push(`${name}: no params`);
      if (r.method === 'GET' && !s.querystring) problems.push(`${name}: no querystring`);
      if (r.method === 'POST' && !s.body && !s.querystring) problems.push(`${name}: no body or querystring`);
      const op = doc.paths[pathOf(r.url)]?.[r.method.toLowerCase()];
      if (!op) problems.push(`${name}: not in the document`);
      else if (!op.responses?.['200']?.content) problems.push(`${name}: no 200 content in the document`);
    }
    expect(problems).toEqual([]);
  });
});
