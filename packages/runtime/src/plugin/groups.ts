/**
 * The groups of the plugin catalog (../shared/spec/plugin-catalog.md) and of Smarty: every plugin
 * belongs to exactly one. The docs write one reference page per group, so a group is a declared
 * name, not free text: a typo fails type-checking, and registration rejects it at run time for
 * plain-JS definitions.
 */
export const PLUGIN_GROUPS = [
  // the template language itself
  'Core tags',
  'Smarty functions',
  'Smarty built-in',
  // the catalog's function plugins
  'Variables and arrays',
  'Calls and API access',
  'Data retrieval',
  'Files and storage',
  // modifiers beyond Smarty's own
  'CMS modifier',
  'Plugin modifier',
  'PHP function',
  // a site's or an application's own plugins, registered through `plugins`
  'Custom',
] as const;

export type PluginGroup = (typeof PLUGIN_GROUPS)[number];

export function isPluginGroup(name: unknown): name is PluginGroup {
  return (PLUGIN_GROUPS as readonly unknown[]).includes(name);
}
