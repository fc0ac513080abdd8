/**
 * A core tag's metadata, as a compiler definition beside the plugins'
 * (the reference, the CLI and editors read both alike). Whether it is a
 * block comes from the parser's CORE_TAGS, which pairs its tags.
 */
import { CORE_TAGS, type CoreTagName } from '@sumi/parser';
import type { PluginGroup } from '../../plugin/groups';
import { type AttributeSpec, type CompilerTagDef, definePlugin, type Example } from '../../plugin/types';

export interface CoreTagMeta {
  /** default: 'Core tags' */
  group?: PluginGroup;
  description: string;
  attributes: Record<string, AttributeSpec>;
  examples?: readonly Example[];
}

export function coreTagDef(name: CoreTagName, meta: CoreTagMeta): CompilerTagDef {
  const { group = 'Core tags', ...rest } = meta;
  return definePlugin({
    kind: 'compiler',
    group,
    name,
    ...(CORE_TAGS[name].block ? { block: true } : {}),
    ...rest,
  });
}
