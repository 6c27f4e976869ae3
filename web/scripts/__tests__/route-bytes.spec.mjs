/** @jest-environment node */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { firstLoadFiles } from '../first-load.mjs';
import { readRouteTable } from '../route-table.mjs';

const webRoot = fileURLToPath(new URL('../../', import.meta.url));
const routerFile = `${webRoot}src/app/router.tsx`;

describe('the app router', () => {
  const routes = readRouteTable(readFileSync(routerFile, 'utf8'), routerFile, webRoot);
  const modulesOf = (path) => routes.find((route) => route.path === path)?.modules;

  it('loads each screen lazily, the draft room and the admin screens in modules of their own', () => {
    expect(modulesOf('/draft/:draftId')).toEqual(['src/features/draft/draft-page.tsx']);
    expect(modulesOf('/draft')).toEqual(['src/features/draft/draft-page.tsx']);
    expect(modulesOf('/login')).toEqual(['src/features/auth/login-page.tsx']);
    expect(modulesOf('/admin')).toEqual(['src/features/admin/index.ts']);
    expect(modulesOf('/admin/ops')).toEqual(['src/features/ops/index.ts']);
    expect(modulesOf('/admin/drafts/:draftId/audit')).toEqual(['src/features/audit/index.ts']);
  });

  it('gives every route with a screen a lazy module (redirects need none)', () => {
    const withoutModule = routes.filter((route) => route.modules.length === 0).map((route) => route.path);
    expect(withoutModule.sort()).toEqual(['*', '/']);
  });
});

describe('readRouteTable', () => {
  const exists = (file) => file.endsWith('.tsx');

  it("adds a parent route's lazy module to its children and reads import() inside a route", () => {
    const source = `
      const Shell = lazyPage(() => import('./shell.js'), (m) => m.Shell);
      export const routes = [
        { element: <Shell />, children: [
          { path: '/a', lazy: async () => ({ Component: (await import('./a.js')).A }) },
          { path: '/b', element: <p>b</p> },
        ] },
      ];`;
    expect(readRouteTable(source, '/web/src/app/router.tsx', '/web', exists)).toEqual([
      { path: '/a', modules: ['src/app/shell.tsx', 'src/app/a.tsx'] },
      { path: '/b', modules: ['src/app/shell.tsx'] },
    ]);
  });

  it('fails on an import that resolves to no source file', () => {
    const source = "export const routes = [{ path: '/x', lazy: () => import('./missing.js') }];";
    expect(() => readRouteTable(source, '/web/src/app/router.tsx', '/web', () => false)).toThrow(
      'The router imports ./missing.js, which resolves to no source file',
    );
  });
});

describe('firstLoadFiles', () => {
  const manifest = {
    'index.html': {
      file: 'assets/index.js',
      isEntry: true,
      imports: ['_react.js'],
      css: ['assets/index.css'],
    },
    '_react.js': { file: 'assets/react.js' },
    '_charts.js': { file: 'assets/charts.js', imports: ['_react.js'] },
    'src/draft.tsx': { file: 'assets/draft.js', isDynamicEntry: true, imports: ['index.html', '_react.js'] },
    'src/ops.tsx': {
      file: 'assets/ops.js',
      isDynamicEntry: true,
      imports: ['_charts.js'],
      dynamicImports: ['src/draft.tsx'],
      css: ['assets/ops.css'],
    },
  };

  it("is the entry's static closure with its CSS when the route loads nothing lazily", () => {
    expect(firstLoadFiles(manifest, [])).toEqual(['assets/index.js', 'assets/index.css', 'assets/react.js']);
  });

  it("adds the route's module and its static imports once, without following dynamic imports", () => {
    expect(firstLoadFiles(manifest, ['src/ops.tsx']).sort()).toEqual(
      [
        'assets/charts.js',
        'assets/index.css',
        'assets/index.js',
        'assets/ops.css',
        'assets/ops.js',
        'assets/react.js',
      ].sort(),
    );
    expect(firstLoadFiles(manifest, ['src/draft.tsx'])).not.toContain('assets/charts.js');
  });

  it('fails when the route names a module the build does not have', () => {
    expect(() => firstLoadFiles(manifest, ['src/teams.tsx'])).toThrow('src/teams.tsx is not in the manifest');
  });
});
