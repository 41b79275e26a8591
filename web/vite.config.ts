import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress';

/** Matches a package directory inside node_modules (pnpm nests them under node_modules/.pnpm/...). */
const inPackages = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](?:${names})[\\\\/]`);

/**
 * `pnpm dev`: the dev server writes the run-time site configuration into index.html as the Fastify
 * server does in production (`server/src/core/site.ts`), from the same `SWITCH_MODE` variable. Only
 * when it is set, so that `VITE_SWITCH_MODE` stays the default; never into a build.
 */
function siteConfig(): Plugin {
  return {
    name: 'psi-site-config',
    apply: 'serve',
    transformIndexHtml() {
      const value = process.env.SWITCH_MODE?.trim().toLowerCase();
      if (!value) return [];
      const switchMode = ['true', '1', 'on', 'yes'].includes(value);
      return [
        {
          tag: 'meta',
          attrs: { name: 'psi-site', content: JSON.stringify({ switchMode }) },
          injectTo: 'head',
        },
      ];
    },
  };
}

export default defineConfig({
  plugins: [react(), siteConfig(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    // No `modulepreload` polyfill in the entry (0.3 KiB gzip on the login page): the browsers of the
    // build target without `modulepreload` (Firefox before 115, Safari before 17) get `preload` links
    // from Vite's preload helper instead.
    modulePreload: { polyfill: false },
    // No chunk may exceed 250 KiB (QUALITY.md); the groups below keep antd under it.
    chunkSizeWarningLimit: 250,
    rolldownOptions: {
      output: {
        // Rolldown's successor of `manualChunks`: vendor groups for the code every page needs.
        // Modules only lazily loaded pages use stay out of these groups, so they never weigh on the login page.
        codeSplitting: {
          groups: [
            { name: 'react', test: inPackages('react|react-dom|scheduler'), priority: 30 },
            {
              name: 'router',
              test: inPackages('react-router|react-router-dom|cookie|set-cookie-parser'),
              priority: 30,
            },
            {
              name: 'antd',
              test: inPackages('antd|@ant-design|@rc-component|rc-[\\w-]+|@emotion|stylis|clsx|classnames'),
              tags: ['$initial'],
              maxSize: 400 * 1024,
              priority: 20,
            },
            // bpmn-js (models and flow charts) is loaded only by the workflow dialogs; split by package so
            // every chunk stays under the budget
            // clsx is shared by antd and diagram-js: it must stay with the initial code
            { name: 'clsx', test: inPackages('clsx|classnames'), tags: ['$initial'], priority: 40 },
            {
              name: 'diagram-js-features',
              test: /[\\/]node_modules[\\/]diagram-js[\\/]lib[\\/]features[\\/]/,
              priority: 28,
            },
            { name: 'diagram-js', test: inPackages('diagram-js'), priority: 27 },
            {
              name: 'bpmn-js-features',
              test: /[\\/]node_modules[\\/]bpmn-js[\\/]lib[\\/]features[\\/]/,
              priority: 28,
            },
            { name: 'bpmn-js', test: inPackages('bpmn-js'), priority: 26 },
            { name: 'bpmn-moddle', test: inPackages('bpmn-moddle|moddle|moddle-xml|saxen'), priority: 25 },
            // echarts (the home page's charts) is loaded only there; split so every chunk stays under the budget.
            // A group also takes the dependencies of what it captures, so the shared base goes first.
            { name: 'zrender', test: inPackages('zrender'), priority: 31 },
            {
              name: 'echarts-base',
              test: /[\\/]node_modules[\\/]echarts[\\/]lib[\\/](?!chart[\\/]|component[\\/]|coord[\\/])/,
              priority: 30,
            },
            {
              name: 'echarts-components',
              test: /[\\/]node_modules[\\/]echarts[\\/]lib[\\/](component|coord)[\\/]/,
              priority: 28,
            },
            { name: 'echarts-charts', test: inPackages('echarts'), priority: 27 },
            {
              name: 'vendor',
              test: /[\\/]node_modules[\\/]/,
              tags: ['$initial'],
              priority: 10,
            },
            // the rich-text editor (TipTap on ProseMirror) loads with the first rich-text field only; below
            // vendor so that what the initial code shares with it (use-sync-external-store) stays there
            {
              name: 'prosemirror',
              test: inPackages('prosemirror-[\\w-]+|orderedmap|rope-sequence|w3c-keyname'),
              priority: 6,
            },
            { name: 'tiptap', test: inPackages('@tiptap[\\\\/][\\w-]+|linkifyjs'), priority: 5 },
          ],
        },
      },
    },
  },
});
