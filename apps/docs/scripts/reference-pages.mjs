// Turns plugin metadata (pluginMeta(def) of every registered definition) into Markdown pages:
// one page per catalog group plus an A-Z index. Pure: no file system, no engine. Every fact on
// these pages comes from a definition; nothing about a plugin is written here by hand.

/** `Variables and arrays` -> `variables-and-arrays` */
export function slugify(text) {
  const slug = String(text)
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'group';
}

/** The anchor Starlight gives a `### name` heading (github-slugger rules for plain names). */
export function headingAnchor(name) {
  return String(name)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replace(/ /g, '-');
}

/** Escapes text for Markdown outside code spans; code spans are kept as they are. */
export function inline(text, { cell = false } = {}) {
  const parts = String(text ?? '').split(/(`[^`]*`)/);
  const out = parts
    .map((part, i) => {
      if (i % 2 === 1) return part;
      return part.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\*/g, '\\*');
    })
    .join('');
  return cell ? out.replace(/\|/g, '\\|').replace(/\r?\n/g, '<br>') : out;
}

/** A code span that survives any backticks inside the value. */
export function code(text) {
  const s = String(text);
  if (s === '') return '` `';
  const longest = Math.max(0, ...(s.match(/`+/g) ?? []).map((m) => m.length));
  const fence = '`'.repeat(longest + 1);
  const pad = s.startsWith('`') || s.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${s}${pad}${fence}`;
}

function fenced(lang, text) {
  const s = String(text);
  const longest = Math.max(2, ...(s.match(/`+/g) ?? []).map((m) => m.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${lang}\n${s}${s.endsWith('\n') ? '' : '\n'}${fence}`;
}

function showValue(v) {
  if (v === undefined) return '';
  return code(typeof v === 'string' ? JSON.stringify(v) : (JSON.stringify(v) ?? String(v)));
}

/** The call form of a definition, built from its kind and its declared attributes/args. */
export function synopsis(meta) {
  const attrs = Object.entries(meta.attributes ?? {});
  const required = attrs.filter(([, a]) => a.required).map(([n, a]) => `${n}=${placeholder(a.type)}`);
  const optional = attrs.length > required.length ? ' …' : '';
  const attrText = required.length ? ` ${required.join(' ')}` : '';
  switch (meta.kind) {
    case 'function':
      return `{${meta.name}${attrText}${optional}}`;
    case 'block':
      return `{${meta.name}${attrText}${optional}}…{/${meta.name}}`;
    case 'compiler':
      return meta.block
        ? `{${meta.name}${attrText}${optional}}…{/${meta.name}}`
        : `{${meta.name}${attrText}${optional}}`;
    case 'modifier': {
      const args = (meta.args ?? []).map((a) => `:${a.optional ? `[${a.name}]` : a.name}`).join('');
      return `{$value|${meta.wholeArray ? '@' : ''}${meta.name}${args}}`;
    }
    default:
      return `{${meta.name}}`;
  }
}

function placeholder(type) {
  switch (type) {
    case 'string':
      return '"…"';
    case 'varname':
      return 'name';
    case 'integer':
    case 'number':
      return 'n';
    case 'boolean':
      return 'true';
    default:
      return '$value';
  }
}

const KIND_LABEL = {
  function: 'function tag',
  block: 'block tag',
  modifier: 'modifier',
  compiler: 'built-in tag',
};

function renderAttributes(meta) {
  const entries = Object.entries(meta.attributes ?? {});
  const lines = [];
  if (entries.length) {
    lines.push('| Attribute | Type | Required | Default | Description |', '| --- | --- | --- | --- | --- |');
    for (const [name, a] of entries) {
      const type = a.enum?.length ? `${a.type}: ${a.enum.map((e) => code(e)).join(', ')}` : a.type;
      const desc = (a.deprecated ? '**Deprecated.** ' : '') + inline(a.description, { cell: true });
      lines.push(
        `| ${code(name)} | ${inline(type, { cell: true })} | ${a.required ? 'yes' : 'no'} | ${showValue(a.default).replace(/\|/g, '\\|')} | ${desc} |`,
      );
    }
  }
  if (meta.extraAttributes) {
    if (lines.length) lines.push('');
    lines.push(`**Other attributes:** ${inline(meta.extraAttributes)}`);
  }
  return lines;
}

function renderArgs(meta) {
  const args = meta.args ?? [];
  if (!args.length) return [];
  const lines = ['| Argument | Type | Optional | Default | Description |', '| --- | --- | --- | --- | --- |'];
  args.forEach((a, i) => {
    lines.push(
      `| ${i + 1}. ${code(a.name)} | ${a.type} | ${a.optional ? 'yes' : 'no'} | ${showValue(a.default).replace(/\|/g, '\\|')} | ${inline(a.description, { cell: true })} |`,
    );
  });
  return lines;
}

function renderList(title, items) {
  if (!items?.length) return [];
  return [`**${title}**`, '', ...items.map((item) => `- ${inline(item)}`)];
}

/** base64url of the UTF-8 bytes of `text` (the playground's link format, see src/playground/share.ts). */
export function base64url(text) {
  let bin = '';
  for (const b of new TextEncoder().encode(text)) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A playground link that opens with this template and data. */
export function playgroundLink(template, data) {
  const params = [`src=${base64url(template)}`];
  if (data && Object.keys(data).length) params.push(`data=${base64url(JSON.stringify(data, null, 2))}`);
  return `/playground/#${params.join('&')}`;
}

function renderExamples(meta) {
  const examples = meta.examples ?? [];
  if (!examples.length) return [];
  const lines = [`**Example${examples.length > 1 ? 's' : ''}**`];
  for (const ex of examples) {
    lines.push('');
    if (ex.description) lines.push(inline(ex.description), '');
    lines.push(fenced('text', ex.template));
    if (ex.data && Object.keys(ex.data).length)
      lines.push('', 'Data:', '', fenced('json', JSON.stringify(ex.data, null, 2)));
    lines.push('', ex.output === '' ? 'Output: (nothing)' : 'Output:');
    if (ex.output !== '') lines.push('', fenced('text', ex.output));
    lines.push('', `[Open in the playground](${playgroundLink(ex.template, ex.data)})`);
  }
  return lines;
}

/** The Markdown section of one definition. */
export function renderPlugin(meta) {
  const lines = [`### ${meta.name}`, ''];
  const facts = [`*${KIND_LABEL[meta.kind] ?? meta.kind}*`];
  if (meta.php) facts.push('allowlisted PHP function');
  if (meta.wholeArray) facts.push('takes the whole array (write it with `@`)');
  if (meta.async) facts.push('asynchronous (needs `render`, not `renderSync`)');
  lines.push(facts.join(' · '), '');
  if (meta.aliases?.length) lines.push(`Also spelled: ${meta.aliases.map((a) => code(a)).join(', ')}`, '');
  lines.push(fenced('text', synopsis(meta)), '');
  if (meta.description) lines.push(inline(meta.description), '');
  const blocks = [
    renderAttributes(meta),
    renderArgs(meta),
    meta.result ? [`**Result:** ${inline(meta.result)}`] : [],
    renderList('Errors', meta.errors),
    renderList('Limits', meta.limits),
    renderExamples(meta),
  ];
  for (const block of blocks) if (block.length) lines.push(...block, '');
  return lines.join('\n');
}

function frontmatter(fields) {
  const lines = ['---'];
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined) continue;
    if (typeof v === 'object') {
      lines.push(`${k}:`);
      for (const [k2, v2] of Object.entries(v)) lines.push(`  ${k2}: ${JSON.stringify(v2)}`);
    } else lines.push(`${k}: ${JSON.stringify(v)}`);
  }
  lines.push('---', '');
  return lines.join('\n');
}

const BANNER =
  '<!-- Generated by apps/docs/scripts/gen-reference.mjs from the plugin definitions. Do not edit. -->\n';

/** Group name -> page slug, for the groups' names in page order (`index` is the A-Z page's). */
function groupSlugs(names) {
  const slugs = new Map();
  const used = new Set(['index']);
  for (const g of names) {
    let slug = slugify(g);
    for (let i = 2; used.has(slug); i++) slug = `${slugify(g)}-${i}`;
    used.add(slug);
    slugs.set(g, slug);
  }
  return slugs;
}

function entryUrl(meta, slugs) {
  return `/reference/generated/${slugs.get(meta.group || 'Other')}/#${headingAnchor(meta.name)}`;
}

/** The address of each definition's entry in the reference renderReferencePages(metas) writes, in order. */
export function referenceUrls(metas) {
  const names = [...new Set(metas.map((m) => m.group || 'Other'))].sort((a, b) => a.localeCompare(b, 'en'));
  const slugs = groupSlugs(names);
  return metas.map((m) => entryUrl(m, slugs));
}

/**
 * metas: pluginMeta(def) of every definition. Returns [{ slug, content }]: one Markdown page per
 * group, and `index` (the A-Z list).
 */
export function renderReferencePages(metas, { note } = {}) {
  const groups = new Map();
  for (const meta of metas) {
    const group = meta.group || 'Other';
    if (!groups.has(group)) groups.set(group, []);
    groups.get(group).push(meta);
  }
  const names = [...groups.keys()].sort((a, b) => a.localeCompare(b, 'en'));
  const slugs = groupSlugs(names);

  const pages = [];
  names.forEach((group, i) => {
    const defs = groups
      .get(group)
      .slice()
      .sort((a, b) => a.name.localeCompare(b.name, 'en'));
    const kinds = [...new Set(defs.map((d) => KIND_LABEL[d.kind] ?? d.kind))].join(', ');
    const body = [
      `${defs.length} definition${defs.length === 1 ? '' : 's'} (${kinds}).`,
      '',
      defs.map((d) => `[${code(d.name)}](#${headingAnchor(d.name)})`).join(' · '),
      '',
      ...defs.map(renderPlugin),
    ];
    pages.push({
      slug: slugs.get(group),
      content:
        frontmatter({
          title: group,
          description: `Sumi plugin reference: ${group}.`,
          sidebar: { order: i + 1 },
        }) +
        BANNER +
        body.join('\n'),
    });
  });

  const index = [];
  if (note) index.push(':::caution', inline(note), ':::', '');
  if (metas.length) {
    index.push(
      `${metas.length} definitions in ${names.length} groups, generated from the plugin definitions the engine registers.`,
      '',
      '| Name | Kind | Group |',
      '| --- | --- | --- |',
    );
    const rows = [];
    for (const meta of metas) {
      const link = `[${code(meta.name)}](${entryUrl(meta, slugs)})`;
      rows.push({
        key: meta.name,
        line: `| ${link} | ${KIND_LABEL[meta.kind] ?? meta.kind} | ${inline(meta.group || 'Other', { cell: true })} |`,
      });
      for (const alias of meta.aliases ?? []) {
        rows.push({
          key: alias,
          line: `| ${code(alias)} → ${link} | alias | ${inline(meta.group || 'Other', { cell: true })} |`,
        });
      }
    }
    rows.sort((a, b) => a.key.localeCompare(b.key, 'en'));
    index.push(...rows.map((r) => r.line));
  }
  pages.push({
    slug: 'index',
    content:
      frontmatter({
        title: 'All plugins A–Z',
        description: 'Every tag, modifier and function Sumi knows.',
        sidebar: { order: 0 },
      }) +
      BANNER +
      index.join('\n') +
      '\n',
  });
  return pages;
}
