import { existsSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * @typedef {{ path: string, modules: string[] }} RouteModules
 * `modules`: the source files (relative to the web root, as Vite's manifest names them) that the route and its parent
 * routes load lazily through `import('...')`; empty for a route whose code is all in the entry.
 */

/**
 * Reads the routes of the router source: every object literal with a `path` is a route. What it loads lazily are the
 * `import('...')` calls in it and in its parent route objects (outside `children`), directly or through a constant
 * declared with them (`const DraftPage = lazyPage(() => import('...'), ...)` used as `<DraftPage />`). Parsed, not
 * imported, so the report needs neither a browser nor a TypeScript loader.
 *
 * @param {string} source the router's TypeScript source
 * @param {string} routerFile absolute path of that source (relative imports resolve from it)
 * @param {string} webRoot absolute path of the Vite root (manifest keys are relative to it)
 * @param {(file: string) => boolean} [fileExists]
 * @returns {RouteModules[]}
 */
export function readRouteTable(source, routerFile, webRoot, fileExists = existsSync) {
  const file = ts.createSourceFile(routerFile, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  /** @type {RouteModules[]} */
  const routes = [];

  const resolve = (specifier) => {
    const base = path.resolve(path.dirname(routerFile), specifier).replace(/\.js$/, '');
    const found = ['.tsx', '.ts', '.jsx', '.js']
      .map((ext) => base + ext)
      .find((candidate) => fileExists(candidate));
    if (!found) throw new Error(`The router imports ${specifier}, which resolves to no source file`);
    return path.relative(webRoot, found).split(path.sep).join('/');
  };

  /** The modules `node` imports dynamically, itself or through the constants it names. */
  const importsIn = (node, found = new Set()) => {
    if (isDynamicImport(node)) found.add(resolve(node.arguments[0].text));
    if (ts.isIdentifier(node) && lazyConstants.has(node.text)) {
      for (const module of lazyConstants.get(node.text)) found.add(module);
    }
    // forEachChild stops at the first truthy callback result, hence the block.
    ts.forEachChild(node, (child) => {
      importsIn(child, found);
    });
    return found;
  };

  /** @type {Map<string, Set<string>>} */
  const lazyConstants = new Map();
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || !declaration.initializer) continue;
      const imports = importsIn(declaration.initializer);
      if (imports.size > 0) lazyConstants.set(declaration.name.text, imports);
    }
  }

  /** Lazy imports of one route object, not counting its children (they are routes of their own). */
  const ownImports = (object) => {
    const found = new Set();
    for (const property of object.properties) {
      if (propertyName(property) !== 'children') importsIn(property, found);
    }
    return [...found];
  };

  const walk = (node, inherited) => {
    if (ts.isObjectLiteralExpression(node) && isRouteObject(node)) {
      const modules = [...new Set([...inherited, ...ownImports(node)])];
      const routePath = stringProperty(node, 'path');
      if (routePath !== undefined) routes.push({ path: routePath, modules });
      const children = node.properties.find((property) => propertyName(property) === 'children');
      if (children) walk(children, modules);
      return;
    }
    ts.forEachChild(node, (child) => {
      walk(child, inherited);
    });
  };
  walk(file, []);
  return routes;
}

function isDynamicImport(node) {
  return (
    ts.isCallExpression(node) &&
    node.expression.kind === ts.SyntaxKind.ImportKeyword &&
    node.arguments.length > 0 &&
    ts.isStringLiteralLike(node.arguments[0])
  );
}

function propertyName(property) {
  return property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))
    ? property.name.text
    : undefined;
}

function isRouteObject(object) {
  return object.properties.some((property) =>
    ['path', 'children', 'lazy', 'index'].includes(propertyName(property)),
  );
}

function stringProperty(object, name) {
  const property = object.properties.find((candidate) => propertyName(candidate) === name);
  return property && ts.isPropertyAssignment(property) && ts.isStringLiteralLike(property.initializer)
    ? property.initializer.text
    : undefined;
}
