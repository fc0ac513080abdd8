/**
 * Browser bundle sizes: esbuild (bundle, platform=browser, format=esm,
 * minify) of a small entry module, then gzip -9 of the result. Sumi is
 * measured from the built dist/ of the workspace packages; the modifier
 * bundles leave @sumi/runtime, @sumi/php and @sumi/parser external, so their size is
 * what the modifiers add on top of the runtime.
 */
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { distEntry } from './sumi.mjs';

const root = new URL('../../', import.meta.url).pathname;

function sumiTargets() {
  const need = (pkg, entry) => {
    const file = distEntry(pkg, entry);
    if (!existsSync(file)) throw new Error(`packages/${pkg}/dist/${entry ?? 'index.js'} is missing`);
    return JSON.stringify(file);
  };
  const external = ['@sumi/runtime', '@sumi/runtime/*', '@sumi/php', '@sumi/parser'];
  return [
    {
      name: '@sumi/parser + @sumi/php + @sumi/runtime (every export)',
      entry: () =>
        `export * from ${need('parser')};\nexport * from ${need('php')};\nexport * from ${need('runtime')};`,
    },
    {
      name: '@sumi/parser + @sumi/runtime/core (engine without the default plugin groups)',
      entry: () => `export * from ${need('parser')};\nexport * from ${need('runtime', 'core.js')};`,
    },
    {
      // what a page that compiles and renders templates imports; tree-shaking keeps what it reaches
      name: '`createEngine` from @sumi/runtime (a page that compiles and renders; default plugins)',
      entry: () => `export { createEngine } from ${need('runtime')};`,
    },
    {
      // what `pnpm bench` runs and a page using the whole dialect ships: the default engine and every modifier
      name: '`createEngine` + `modifiers` (default plugins and every modifier, self-contained)',
      entry: () =>
        `export { createEngine } from ${need('runtime')};\nexport { modifiers } from ${need('modifiers')};`,
    },
    {
      name: '`createCoreEngine` from @sumi/runtime/core (core tags only)',
      entry: () => `export { createCoreEngine } from ${need('runtime', 'core.js')};`,
    },
    {
      name: '@sumi/modifiers (all groups, on top of the runtime)',
      entry: () => `export * from ${need('modifiers')};`,
      external,
    },
    {
      name: '@sumi/modifiers/smarty (Smarty built-ins alone, on top of the runtime)',
      entry: () => `export * from ${need('modifiers', 'smarty.js')};`,
      external,
    },
  ];
}

const referenceTargets = [
  { name: 'jsmart', entry: () => `import jSmart from 'jsmart';\nexport default jSmart;` },
  { name: 'liquidjs', entry: () => `export * from 'liquidjs';` },
  // nunjucks' browser field points at its prebuilt full (compiler included) bundle
  { name: 'nunjucks', entry: () => `import nunjucks from 'nunjucks';\nexport default nunjucks;` },
  { name: 'handlebars', entry: () => `import Handlebars from 'handlebars';\nexport default Handlebars;` },
  // eta's browser build (no file-system loader)
  { name: 'eta (eta/core)', entry: () => `export * from 'eta/core';` },
];

async function measure(target) {
  try {
    const result = await build({
      stdin: { contents: target.entry(), resolveDir: root, loader: 'js' },
      bundle: true,
      write: false,
      minify: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      external: target.external ?? [],
      logLevel: 'silent',
    });
    const code = result.outputFiles[0].contents;
    return { name: target.name, ok: true, min: code.length, gzip: gzipSync(code, { level: 9 }).length };
  } catch (err) {
    const message = err?.errors?.[0]?.text ?? (err instanceof Error ? err.message : String(err));
    return { name: target.name, ok: false, error: message };
  }
}

export async function measureBundles() {
  const out = [];
  for (const target of [...sumiTargets(), ...referenceTargets]) out.push(await measure(target));
  return out;
}
