/**
 * One adapter per comparison engine, all with the same shape:
 *   { name, file, version, compile(src) -> compiled, render(compiled, data) -> string,
 *     renderAsync?(compiled, data) -> Promise<string>, parse?(src) }
 * Each engine is configured the way its docs recommend for HTML output
 * (auto-escaping on where it exists, no whitespace trimming), so the same
 * bytes come out of every template.
 */
import { readFileSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import { dirname } from 'node:path';
import vm from 'node:vm';
import { loadSumi } from './sumi.mjs';

const require = createRequire(import.meta.url);

function versionOf(pkg) {
  return JSON.parse(readFileSync(require.resolve(`${pkg}/package.json`), 'utf8')).version;
}

function baselineEngine() {
  return {
    name: 'baseline',
    file: 'baseline.mjs',
    version: 'hand-written JS',
    compile: (src) => src, // the module's render function, loaded by the workload
    render: (fn, data) => fn(data),
    renderAsync: async (fn, data) => fn(data),
  };
}

function jsmartEngine() {
  const JSmart = require('jsmart');
  return {
    name: 'jsmart',
    file: 'jsmart.tpl',
    version: versionOf('jsmart'),
    compile: (src) => new JSmart(src),
    render: (tpl, data) => tpl.fetch(data),
    parse: (src) => new JSmart(src),
  };
}

async function liquidEngine() {
  const { Liquid } = await import('liquidjs');
  const liquid = new Liquid({ cache: false });
  return {
    name: 'liquidjs',
    file: 'liquid.liquid',
    version: versionOf('liquidjs'),
    compile: (src) => liquid.parse(src),
    render: (tpl, data) => liquid.renderSync(tpl, data),
    renderAsync: (tpl, data) => liquid.render(tpl, data),
    parse: (src) => liquid.parse(src),
  };
}

/**
 * Nunjucks runs in a realm of its own (a `vm` context with its own built-ins; its CommonJS modules
 * loaded there, Node's own modules shared): loaded in this one, it makes an object inherit from
 * String.prototype (its SafeString), after which V8 takes every string's charCodeAt and slice on a
 * slow path, in every engine of the process (Sumi's parser measured twice as slow with Nunjucks
 * loaded). Templates, data and output cross realms as plain strings and objects.
 */
function requireIsolated(id) {
  const context = vm.createContext({
    console,
    process,
    Buffer,
    setTimeout,
    clearTimeout,
    setInterval,
    clearInterval,
    setImmediate,
    clearImmediate,
    queueMicrotask,
  });
  const modules = new Map();
  const load = (file) => {
    const cached = modules.get(file);
    if (cached) return cached.exports;
    const module = { exports: {} };
    modules.set(file, module);
    if (file.endsWith('.json')) {
      module.exports = JSON.parse(readFileSync(file, 'utf8'));
      return module.exports;
    }
    const params = ['exports', 'require', 'module', '__filename', '__dirname'];
    const fn = vm.compileFunction(readFileSync(file, 'utf8'), params, {
      parsingContext: context,
      filename: file,
    });
    const local = createRequire(file);
    const req = (spec) => (isBuiltin(spec) ? local(spec) : load(local.resolve(spec)));
    req.resolve = (spec) => local.resolve(spec);
    fn(module.exports, req, module, file, dirname(file));
    return module.exports;
  };
  return load(require.resolve(id));
}

function nunjucksEngine() {
  const nunjucks = requireIsolated('nunjucks');
  const env = new nunjucks.Environment(null, { autoescape: true });
  return {
    name: 'nunjucks',
    file: 'nunjucks.njk',
    version: versionOf('nunjucks'),
    // eagerCompile: compile now, not on first render
    compile: (src) => new nunjucks.Template(src, env, undefined, true),
    render: (tpl, data) => tpl.render(data),
    renderAsync: (tpl, data) =>
      new Promise((resolve, reject) => tpl.render(data, (err, out) => (err ? reject(err) : resolve(out)))),
    parse: (src) => nunjucks.parser.parse(src, [], env.opts),
  };
}

function handlebarsEngine() {
  const Handlebars = require('handlebars');
  const hb = Handlebars.create();
  return {
    name: 'handlebars',
    file: 'handlebars.hbs',
    version: versionOf('handlebars'),
    compile: (src) => {
      const tpl = hb.compile(src);
      tpl._setup({}); // Handlebars compiles lazily on first call; force it so compile time is compile time
      return tpl;
    },
    render: (tpl, data) => tpl(data),
    parse: (src) => hb.parse(src),
  };
}

async function etaEngine() {
  const { Eta } = await import('eta');
  const eta = new Eta({ autoTrim: false, cache: false });
  const etaAsync = new Eta({ autoTrim: false, cache: false });
  return {
    name: 'eta',
    file: 'eta.eta',
    version: versionOf('eta'),
    compile: (src) => ({ sync: eta.compile(src), async: etaAsync.compile(src, { async: true }) }),
    render: (tpl, data) => eta.render(tpl.sync, data),
    renderAsync: (tpl, data) => etaAsync.renderAsync(tpl.async, data),
    parse: (src) => eta.parse(src),
  };
}

/**
 * Loads every engine. An engine that fails to load is reported as
 * unavailable with its reason instead of stopping the run.
 */
export async function loadEngines(sumiOptions) {
  const factories = [
    ['sumi', 'sumi.tpl', () => loadSumi(sumiOptions)],
    ['baseline', 'baseline.mjs', baselineEngine],
    ['jsmart', 'jsmart.tpl', jsmartEngine],
    ['liquidjs', 'liquid.liquid', liquidEngine],
    ['nunjucks', 'nunjucks.njk', nunjucksEngine],
    ['handlebars', 'handlebars.hbs', handlebarsEngine],
    ['eta', 'eta.eta', etaEngine],
  ];
  const engines = [];
  const unavailable = [];
  for (const [name, file, factory] of factories) {
    try {
      engines.push(await factory());
    } catch (err) {
      unavailable.push({ name, file, reason: err instanceof Error ? err.message : String(err) });
    }
  }
  return { engines, unavailable };
}
