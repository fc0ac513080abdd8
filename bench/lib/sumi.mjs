/**
 * Sumi through its public API (@sumi/runtime + @sumi/modifiers), loaded from
 * the workspace packages' built dist/. When a package is not built or does not
 * export what the API promises yet, loading throws with the reason and the
 * harness reports "sumi: not available (reason)".
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const packagesDir = fileURLToPath(new URL('../../packages/', import.meta.url));

export function distEntry(pkg, entry = 'index.js') {
  return `${packagesDir}${pkg}/dist/${entry}`;
}

async function importDist(pkg, entry) {
  const file = distEntry(pkg, entry);
  if (!existsSync(file))
    throw new Error(`packages/${pkg}/dist/${entry ?? 'index.js'} is missing (run pnpm build)`);
  return import(pathToFileURL(file).href);
}

function gitVersion() {
  const pkg = JSON.parse(readFileSync(`${packagesDir}runtime/package.json`, 'utf8'));
  return pkg.version;
}

/** The modules themselves, for measurements that need more than the engine (parser, @sumi/php's fromJSONText). */
export async function importSumi() {
  const runtime = await importDist('runtime');
  if (typeof runtime.createEngine !== 'function')
    throw new Error('@sumi/runtime does not export createEngine() yet');
  const php = await importDist('php');
  if (typeof php.fromJSONText !== 'function') throw new Error('@sumi/php does not export fromJSONText() yet');
  const mods = await importDist('modifiers');
  if (!Array.isArray(mods.modifiers)) throw new Error('@sumi/modifiers does not export modifiers yet');
  const parser = await importDist('parser');
  return { runtime, php, mods, parser };
}

/**
 * timeoutMs: the engine's per-render time budget. The harness lowers it to 20 s so a
 * pathological render is reported as an error instead of eating the run's 5 minutes.
 */
export async function loadSumi({ timeoutMs = 20_000 } = {}) {
  const { runtime, php, mods, parser } = await importSumi();
  const engine = runtime.createEngine({
    plugins: [...mods.modifiers],
    // the batch of 1,000,000 items holds more than PHP's default memory_limit (128M), as it would in
    // the CMS without {set_memory}: the benchmark measures speed, so the memory budget is raised
    limits: { timeoutMs, maxMemoryBytes: 2 ** 31, maxSetMemoryBytes: 2 ** 31 },
  });
  const parse = typeof parser.parse === 'function' ? (src) => parser.parse(src) : undefined;
  // engine.compile caches by name + source; a new name per call makes every compile a real one
  let compiles = 0;
  return {
    name: 'sumi',
    file: 'sumi.tpl',
    version: gitVersion(),
    compile: (src) => engine.compile(src, { name: `bench-${++compiles}.tpl` }),
    // data is converted once (fromJSONText keeps key order), outside the timed loop, like the
    // other engines get their JS objects ready-made
    prepare: (data) => php.fromJSONText(JSON.stringify(data)),
    render: (compiled, data, options) => engine.renderSync(compiled, data, options).output,
    renderAsync: async (compiled, data, options) => (await engine.render(compiled, data, options)).output,
    parse,
    engine,
    runtime,
    php,
  };
}
