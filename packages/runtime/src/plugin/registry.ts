/**
 * Name → definition, for tags and for modifiers (Smarty keeps the two
 * namespaces apart: `count` the modifier is not a tag). Aliases resolve to
 * the same definition object.
 */
import { isPluginGroup, PLUGIN_GROUPS } from './groups';
import type { BlockPluginDef, CompilerTagDef, FunctionPluginDef, ModifierDef, PluginDef } from './types';

export type TagDef = FunctionPluginDef | BlockPluginDef | CompilerTagDef;

export class PluginRegistry {
  private readonly tags = new Map<string, TagDef>();
  private readonly mods = new Map<string, ModifierDef>();
  private readonly all: PluginDef[] = [];

  register(def: PluginDef): void {
    // TypeScript checks the group; a definition written in plain JS is checked here
    if (!isPluginGroup(def.group)) {
      throw new TypeError(
        `plugin '${def.name}': unknown group ${JSON.stringify(def.group)}; use one of: ${PLUGIN_GROUPS.join(', ')}`,
      );
    }
    const table: Map<string, PluginDef> = def.kind === 'modifier' ? this.mods : this.tags;
    const prev = table.get(def.name);
    if (prev) this.all.splice(this.all.indexOf(prev), 1);
    this.all.push(def);
    for (const name of [def.name, ...(def.aliases ?? [])]) table.set(name, def);
  }

  tag(name: string): TagDef | undefined {
    return this.tags.get(name);
  }

  modifier(name: string): ModifierDef | undefined {
    return this.mods.get(name);
  }

  /** names of block tags (the parser pairs `{name}...{/name}` for these) */
  blockNames(): string[] {
    const out: string[] = [];
    for (const [name, def] of this.tags) {
      if (def.kind === 'block' || (def.kind === 'compiler' && def.block)) out.push(name);
    }
    return out;
  }

  /** names of block plugins that repeat their body (`loop: true`): `{break}` may be used inside */
  loopBlockNames(): string[] {
    const out: string[] = [];
    for (const [name, def] of this.tags) if (def.kind === 'block' && def.loop) out.push(name);
    return out;
  }

  /** allowlisted PHP functions available as modifiers, for error messages */
  phpModifierNames(): string[] {
    return this.all
      .filter((d): d is ModifierDef => d.kind === 'modifier' && d.php === true)
      .map((d) => d.name);
  }

  definitions(): readonly PluginDef[] {
    return this.all;
  }
}
