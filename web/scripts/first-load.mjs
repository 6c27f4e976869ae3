/**
 * @typedef {{ file: string, css?: string[], imports?: string[], dynamicImports?: string[], isEntry?: boolean }} ManifestChunk
 * @typedef {Record<string, ManifestChunk>} Manifest  Vite's dist/.vite/manifest.json (build.manifest: true)
 */

/**
 * The output files (JS and CSS) a first visit downloads before the route paints: the HTML entry's chunk and every
 * chunk it imports statically, plus each lazily loaded route module with its own static imports. Dynamic imports are
 * not followed: they load later, when something on the page asks for them.
 *
 * @param {Manifest} manifest
 * @param {string[]} lazyModules manifest keys (source files) the route loads lazily
 * @returns {string[]} output files, relative to dist, each once
 */
export function firstLoadFiles(manifest, lazyModules) {
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (entries.length !== 1) throw new Error(`Expected one entry in the manifest, found ${entries.length}`);
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the manifest: is the build older than the router?`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entries[0]);
  for (const key of lazyModules) visit(key);
  return [...files];
}
