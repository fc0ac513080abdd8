/**
 * `sumi plugins [--json]`: every definition the CLI's engine has registered
 * (compiler tags, Smarty functions, modifiers) with its metadata. `--json`
 * prints the array of `pluginMeta()` objects, the same data the docs and
 * editor completion use.
 */
import { parseArgs } from 'node:util';
import { type PluginDef, pluginMeta } from '@sumi/runtime';
import { buildEngine } from '../engine';
import type { Io } from '../io';

export const pluginsUsage = `sumi plugins [--json]

Lists every registered tag, function and modifier with its metadata.

  --json               print the metadata as a JSON array
`;

function signature(def: PluginDef): string {
  if (def.kind === 'modifier') {
    const args = def.args.map((a) => (a.optional ? `[:${a.name}]` : `:${a.name}`)).join('');
    return `${def.wholeArray ? '|@' : '|'}${def.name}${args}`;
  }
  const attrs = Object.entries(def.attributes)
    .map(([name, spec]) => (spec.required ? `${name}=${spec.type}` : `[${name}=${spec.type}]`))
    .join(' ');
  const open = `{${def.name}${attrs ? ` ${attrs}` : ''}}`;
  const isBlock = def.kind === 'block' || (def.kind === 'compiler' && def.block);
  return isBlock ? `${open}…{/${def.name}}` : open;
}

function describe(def: PluginDef): string {
  const lines = [`${signature(def)}  (${def.kind}, ${def.group}${def.async ? ', async' : ''})`];
  if (def.aliases?.length) lines.push(`    aliases: ${def.aliases.join(', ')}`);
  lines.push(`    ${def.description}`);
  if (def.kind === 'modifier') {
    for (const a of def.args) {
      const dflt = a.default === undefined ? '' : ` (default ${JSON.stringify(a.default)})`;
      lines.push(`    :${a.name} ${a.type}${a.optional ? ', optional' : ''}${dflt}: ${a.description}`);
    }
  } else {
    for (const [name, spec] of Object.entries(def.attributes)) {
      const flags = [spec.type, spec.required ? 'required' : '', spec.deprecated ? 'deprecated' : '']
        .filter(Boolean)
        .join(', ');
      const dflt = spec.default === undefined ? '' : ` (default ${JSON.stringify(spec.default)})`;
      const choices = spec.enum ? ` [${spec.enum.join('|')}]` : '';
      lines.push(`    ${name} ${flags}${dflt}${choices}: ${spec.description}`);
    }
    if (def.kind !== 'compiler' && def.extraAttributes)
      lines.push(`    other attributes: ${def.extraAttributes}`);
  }
  return lines.join('\n') + '\n';
}

export async function pluginsCommand(argv: string[], io: Io): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { json: { type: 'boolean', default: false } } });
  const defs = [...buildEngine().plugins()].sort(
    (a, b) => a.kind.localeCompare(b.kind) || a.group.localeCompare(b.group) || a.name.localeCompare(b.name),
  );
  if (values.json) {
    io.out(JSON.stringify(defs.map(pluginMeta), null, 2) + '\n');
    return 0;
  }
  let group = '';
  for (const def of defs) {
    const heading = `${def.kind}: ${def.group}`;
    if (heading !== group) {
      io.out(`${group ? '\n' : ''}== ${heading} ==\n`);
      group = heading;
    }
    io.out(describe(def));
  }
  io.out(`\n${defs.length} definitions\n`);
  return 0;
}
