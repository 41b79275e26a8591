import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(process.cwd(), 'src');

/** What a module imports statically (type-only imports and `import()` leave nothing in its chunk). */
function staticImports(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of code.matchAll(/^import\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)) {
    if (!match[1]) found.push(match[2]);
  }
  return found;
}

function resolveLocal(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find(
    (candidate) => existsSync(candidate) && /\.tsx?$/.test(candidate),
  );
}

/** The source modules and packages the login page loads before it renders: the entry and the login page. */
function loginClosure() {
  const modules = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (modules.has(file)) return;
    modules.add(file);
    for (const specifier of staticImports(file)) {
      if (specifier.startsWith('.')) {
        const local = resolveLocal(file, specifier);
        if (local) visit(local);
      } else packages.add(specifier);
    }
  };
  visit(path.join(src, 'main.tsx'));
  visit(path.join(src, 'pages/login/index.tsx'));
  return { modules: [...modules].map((file) => path.relative(src, file)), packages: [...packages] };
}

describe('the login page bundle', () => {
  const { modules, packages } = loginClosure();

  it('reaches the login form and the app shell it needs', () => {
    expect(modules).toContain(path.join('pages', 'login', 'LoginForm.tsx'));
    expect(modules).toContain(path.join('app', 'router.tsx'));
    expect(packages).toContain('react-router-dom');
  });

  it('leaves the signed-in screens, their libraries and the sign-in encoding to later chunks', () => {
    expect(modules.filter((file) => /^(app[\\/]layout|pages[\\/](?!login[\\/]))/.test(file))).toEqual([]);
    expect(modules.filter((file) => /i18n[\\/](shell|locales[\\/](?!core[\\/]))/.test(file))).toEqual([]);
    const later = /^(dayjs|echarts|js-md5|sm-crypto|@tiptap|bpmn-js|exceljs)(\/|$)/;
    expect(packages.filter((name) => later.test(name))).toEqual([]);
  });

  it('carries no antd component, CSS-in-JS or icon runtime: the login form is plain markup', () => {
    // the theme's colour math (antd's token algorithms, `config/themes.ts`) is all of antd it keeps
    const components = /^(antd(\/(?!es\/theme\/themes\/)|$)|@rc-component\/|@ant-design\/(icons|cssinjs))/;
    expect(packages.filter((name) => components.test(name))).toEqual([]);
    expect(modules).not.toContain(path.join('components', 'AntdProviders.tsx'));
  });

  it("takes antd's locales from its ES build, not the CommonJS copy", () => {
    const providers = staticImports(path.join(src, 'components', 'AntdProviders.tsx'));
    expect(providers.filter((name) => /^antd\/(lib\/|locale\/)/.test(name))).toEqual([]);
    expect(providers).toContain('antd/es/locale/zh_CN');
  });
});
