import type Database from 'better-sqlite3';
import { nextId } from '@psi/db/model';

/**
 * The code generator: for one `blade_code` row, the files this project needs for a new simple
 * resource (ARCHITECTURE.md, "declare a resource once"): a drizzle table, a resource declaration, the
 * menu rows with their buttons, and the page. Columns come from the table when it exists in this
 * database; a new table starts from a name and a remark column.
 */

export interface CodeRow {
  codeName: string;
  serviceName: string;
  tableName: string;
  tablePrefix: string;
  pkName: string;
  packageName: string;
  webPath: string;
}

interface Column {
  name: string;
  /** camelCase wire and drizzle key */
  key: string;
  type: 'id' | 'int' | 'text' | 'datetime';
  notNull: boolean;
}

/** Columns every Blade table carries; the generator writes them through `auditColumns()`/`tenantColumn()`. */
const MANAGED = new Set([
  'tenant_id',
  'create_user',
  'create_dept',
  'create_time',
  'update_user',
  'update_time',
  'status',
  'is_deleted',
]);

const camel = (s: string) => s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const pascal = (s: string) => camel(s).replace(/^./, (c) => c.toUpperCase());
const quote = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

function columnsOf(sqlite: Database.Database, table: string, pk: string): Column[] {
  const exists = sqlite.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(table);
  if (!exists)
    return [
      { name: 'name', key: 'name', type: 'text', notNull: true },
      { name: 'remark', key: 'remark', type: 'text', notNull: false },
    ];
  const info = sqlite
    .prepare<[string], { name: string; type: string; nn: bigint | number }>(
      `SELECT name, type, "notnull" AS nn FROM pragma_table_info(?)`,
    )
    .all(table);
  return info
    .filter((c) => c.name !== pk && !MANAGED.has(c.name))
    .map((c) => ({
      name: c.name,
      key: camel(c.name),
      type: /int/i.test(c.type)
        ? c.name.endsWith('_id')
          ? 'id'
          : 'int'
        : /(_time|_date)$/.test(c.name)
          ? 'datetime'
          : 'text',
      notNull: Number(c.nn) === 1,
    }));
}

/** The resource key: the table name without its prefix, without separators (`psi_goods_info` → `goodsinfo`). */
function resourceKey(code: CodeRow): string {
  const prefix = code.tablePrefix && code.tableName.startsWith(code.tablePrefix) ? code.tablePrefix : '';
  return code.tableName.slice(prefix.length).replace(/_/g, '').toLowerCase() || 'resource';
}

function schemaFile(code: CodeRow, key: string, columns: Column[]): string {
  const builders = new Set(['snowflake', 'tenantColumn', 'auditColumns']);
  const body = columns.map((c) => {
    const builder =
      c.type === 'id' ? 'snowflake' : c.type === 'int' ? 'int' : c.type === 'datetime' ? 'datetime' : 'text';
    builders.add(builder);
    return `  ${c.key}: ${builder}(${quote(c.name)})${c.notNull ? '.notNull()' : ''},`;
  });
  const core = builders.has('text') ? 'sqliteTable, text' : 'sqliteTable';
  builders.delete('text');
  return `import { ${core} } from 'drizzle-orm/sqlite-core';
import { ${[...builders].sort().join(', ')} } from './columns';

/** ${code.codeName} (${code.tableName}) */
export const ${camel(key)} = sqliteTable(${quote(code.tableName)}, {
  ${camel(code.pkName || 'id')}: snowflake(${quote(code.pkName || 'id')}).primaryKey(),
  tenantId: tenantColumn(),
${body.join('\n')}
  ...auditColumns(),
});
`;
}

function resourceFile(code: CodeRow, key: string, columns: Column[]): string {
  const fields = columns.map((c) => {
    const kind =
      c.type === 'id' ? 'ref' : c.type === 'int' ? 'number' : c.type === 'datetime' ? 'datetime' : 'text';
    const required = c.notNull
      ? `\n      required: true,\n      message: t(${quote(`请输入${c.key}`)}, ${quote(`Please enter ${c.key}`)}),`
      : '';
    const search =
      c.type === 'text'
        ? `\n      search: 'like',`
        : c.type === 'datetime'
          ? `\n      search: 'dateRange',`
          : '';
    return `    {
      name: ${quote(c.key)},
      kind: ${quote(kind)},
      label: t(${quote(c.key)}, ${quote(c.key)}),${required}${search}
    },`;
  });
  return `import { defineResource } from '../../resource';
import { t } from '../../text';

export const ${camel(key)}Resource = defineResource({
  key: ${quote(key)},
  api: ${quote(`/${code.serviceName}/${key}`)},
  title: t(${quote(code.codeName)}, ${quote(pascal(key))}),
  permission: ${quote(key)},
  tenant: 'scoped',
  fields: [
${fields.join('\n')}
  ],
});
`;
}

function menuRows(code: CodeRow, key: string) {
  const menuId = nextId();
  const webPath = code.webPath || `/${code.serviceName.replace(/^blade-/, '')}/${key}`;
  const button = (
    suffix: string,
    name: string,
    nameEn: string,
    action: number,
    source: string,
    api: string,
    sort: number,
  ) => ({
    id: nextId(),
    parentId: menuId,
    code: `${key}_${suffix}`,
    name,
    nameEn,
    alias: suffix,
    path: `/api/${code.serviceName}/${key}/${api}`,
    source,
    sort,
    category: 2,
    action,
    isOpen: 1,
    remark: null,
  });
  return [
    {
      id: menuId,
      parentId: '0',
      code: key,
      name: code.codeName,
      nameEn: pascal(key),
      alias: 'menu',
      path: webPath,
      source: 'AppstoreOutlined',
      sort: 1,
      category: 1,
      action: 0,
      isOpen: 1,
      remark: null,
    },
    button('add', '新增', 'Add', 1, 'PlusOutlined', 'submit', 1),
    button('edit', '修改', 'Edit', 2, 'EditOutlined', 'submit', 2),
    button('delete', '删除', 'Delete', 3, 'DeleteOutlined', 'remove', 3),
    button('view', '查看', 'View', 2, 'EyeOutlined', 'detail', 4),
  ];
}

function pageFile(key: string): string {
  return `import { ResourcePage } from '../../components/ResourcePage';
import { resources } from '@psi/db/model';

/** The generic list, search and form of the declared resource. */
export default function ${pascal(key)}Page() {
  return <ResourcePage spec={resources[${quote(key)}]} />;
}
`;
}

function serverFile(code: CodeRow, key: string, folder: string): string {
  return `import type { FastifyInstance } from 'fastify';
import { ${camel(key)} } from '@psi/db/schema/${key}';
import { ${camel(key)}Resource } from '@psi/db/model/resources/${folder}/${key}';
import { crudRoutes } from '../../core/crud';

/** \`/${code.serviceName}/${key}\`: list, detail, submit and remove of ${code.codeName} through the CRUD core. */
export function register${pascal(key)}(app: FastifyInstance): void {
  crudRoutes(app, { def: ${camel(key)}Resource, table: ${camel(key)} });
}
`;
}

function readme(code: CodeRow, key: string, folder: string): string {
  return `# ${code.codeName} (${key})

Generated from the code generator row for table \`${code.tableName}\`.

| file | goes to |
|---|---|
| \`db/src/schema/${key}.ts\` | the drizzle table; export it from \`db/src/schema/index.ts\`, then \`pnpm db:generate\` |
| \`db/src/model/resources/${folder}/${key}.ts\` | the resource declaration; add it to the folder's resource list |
| \`fixtures/menus.${key}.json\` | the menu and its buttons; merge into \`fixtures/menus.json\` (and grant them in \`fixtures/role-menus.json\`) |
| \`web/src/pages/${folder}/${key}/index.tsx\` | the page behind the menu |
| \`server/src/modules/${folder}/${key}.ts\` | the routes (the CRUD core); call \`register${pascal(key)}(app)\` from the module of \`/${code.serviceName}\` |
`;
}

/** The files of one generated resource, by their path in this repository. */
export function generatedFiles(sqlite: Database.Database, code: CodeRow): Record<string, string> {
  const key = resourceKey(code);
  const folder = code.serviceName.replace(/^blade-/, '') || 'psi';
  const columns = columnsOf(sqlite, code.tableName, code.pkName || 'id');
  return {
    [`db/src/schema/${key}.ts`]: schemaFile(code, key, columns),
    [`db/src/model/resources/${folder}/${key}.ts`]: resourceFile(code, key, columns),
    [`fixtures/menus.${key}.json`]: `${JSON.stringify(menuRows(code, key), null, 2)}\n`,
    [`web/src/pages/${folder}/${key}/index.tsx`]: pageFile(key),
    [`server/src/modules/${folder}/${key}.ts`]: serverFile(code, key, folder),
    'README.md': readme(code, key, folder),
  };
}

/** One zip for the chosen rows; each resource in its own folder named after its key. */
export async function generateZip(sqlite: Database.Database, codes: CodeRow[]): Promise<Buffer> {
  // jszip loads with the first download, not at start
  const { default: JSZip } = await import('jszip');
  const zip = new JSZip();
  for (const code of codes) {
    const dir = zip.folder(resourceKey(code))!;
    for (const [file, text] of Object.entries(generatedFiles(sqlite, code))) dir.file(file, text);
  }
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
