/**
 * The default content store: the site's JSON fixtures under `content/` (the format: the docs’ site-folder guide).
 *
 * Files are read through the SiteFs when a query needs them, parsed and checked once, and kept
 * while their size and times stay the same (a `stat` per query): an edit made on disk between two
 * renders is seen by the next one. `updateCounter` reads the file afresh under a lock, writes it back
 * with `SiteFs.write` (a temporary file, then a rename: atomic) and forgets its parsed copy, so the
 * same render and the later ones read the new value. A file that is missing is an empty collection;
 * a file that is not valid JSON, or a record of the wrong shape, is an IO_PARSE failure that names
 * the file and the record.
 */
import { failure } from '../failure';
import type { SiteFs } from '../fs/types';
import { matchesFilter } from './filter';
import { byOrder, closedBecause, dateOf, type GroupVisibility, memberVisibleTo, own, setOwn } from './policy';
import type {
  CommentQuery,
  ContentRecord,
  ContentStore,
  ContentValue,
  CounterUpdate,
  CsvTable,
  FavoriteHit,
  FavoriteQuery,
  Found,
  OrderKey,
} from './types';

/** where each collection lives in the site */
export const CONTENT_FILES = {
  settings: 'content/settings.json',
  topics: 'content/topics.json',
  topicsGroups: 'content/topics_groups.json',
  topicsCategories: 'content/topics_categories.json',
  members: 'content/members.json',
  groups: 'content/groups.json',
  tags: 'content/tags.json',
  tagCategories: 'content/tag_categories.json',
  tagRelations: 'content/tag_relations.json',
  comments: 'content/comments.json',
  favorites: 'content/favorites.json',
  csvTables: 'content/csvtables',
} as const;

const DEFAULT_LANG = 'ja';
const DEFAULT_TIME_ZONE = 'Asia/Tokyo';
/** deepest tag category tree (parent links) */
const MAX_TREE_DEPTH = 64;
/** a `lang` that may name a translation file (`1.en.csv`) */
const LANG_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,19}$/;

const decoder = new TextDecoder('utf-8', { fatal: true });
const encoder = new TextEncoder();

type Obj = ContentRecord;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

function bad(file: string, message: string): never {
  throw failure('IO_PARSE', `${file}: ${message}`);
}

interface Settings {
  defaultLang: string;
  timeZone: string;
}

/** what a collection's records must look like */
interface Spec {
  /** the id field: a positive integer, unique */
  id?: string;
  /** integer fields that must be present */
  required?: readonly string[];
  /** integer or null */
  ints?: readonly string[];
  /** lists of integers */
  intLists?: readonly string[];
  /** string or null */
  strings?: readonly string[];
  /** fields that derived output fields take the place of: an ext key may not use them */
  reserved?: readonly string[];
}

interface Table {
  file: string;
  list: Obj[];
  byId: Map<number, Obj>;
}

const TOPIC_FIELDS = [
  'topics_id',
  'ymd',
  'contents_type',
  'subject',
  'topics_flg',
  'open_flg',
  'regular_flg',
  'inst_ymdhi',
  'update_ymdhi',
  'topics_group_id',
  'slug',
  'group_nm',
  'contents_type_nm',
  'contents_type_list',
  'tag',
];
const MEMBER_FIELDS = [
  'member_id',
  'name1',
  'name2',
  'nickname',
  'email',
  'group_ids',
  'inst_ymdhi',
  'update_ymdhi',
  'groups',
];

const SPECS = {
  topics: {
    id: 'topics_id',
    required: ['topics_group_id'],
    ints: ['topics_group_id', 'contents_type', 'topics_flg', 'open_flg', 'regular_flg'],
    intLists: ['contents_type_list'],
    strings: ['ymd', 'slug', 'inst_ymdhi', 'update_ymdhi', 'open_start_ymdhi', 'open_end_ymdhi'],
    reserved: TOPIC_FIELDS,
  },
  topicsGroups: { id: 'topics_group_id' },
  topicsCategories: { id: 'topics_category_id', required: ['topics_group_id'], ints: ['ord_no'] },
  members: { id: 'member_id', intLists: ['group_ids'], reserved: MEMBER_FIELDS },
  groups: { id: 'group_id' },
  tags: { id: 'tag_id', required: ['tag_category_id'], ints: ['ord_no'] },
  tagCategories: { id: 'tag_category_id', ints: ['parent_tag_category_id', 'ord_no'] },
  tagRelations: { required: ['module_id', 'tag_id'], strings: ['module'] },
  comments: {
    id: 'comment_id',
    required: ['module_id'],
    ints: ['member_id', 'open_flg'],
    strings: ['module_type', 'inst_ymdhi'],
  },
  favorites: {
    required: ['module_id'],
    ints: ['member_id'],
    strings: ['module_type', 'cookie', 'inst_ymdhi'],
  },
} satisfies Record<string, Spec>;

type Kind = keyof typeof SPECS;

/** checks the records of a collection file; returns them with an index by id */
function checkTable(file: string, json: unknown, spec: Spec): Table {
  const byId = new Map<number, Obj>();
  if (json === undefined) return { file, list: [], byId };
  if (!Array.isArray(json)) bad(file, 'must be a JSON array of records');
  json.forEach((rec: unknown, i) => {
    const where =
      spec.id && isObj(rec) && isInt(rec[spec.id]) ? `${spec.id} ${rec[spec.id]}` : `record #${i + 1}`;
    if (!isObj(rec)) bad(file, `${where} is not an object`);
    if (spec.id) {
      const id = own(rec, spec.id);
      if (!isInt(id) || id <= 0) bad(file, `${where}: ${spec.id} must be a positive integer`);
      if (byId.has(id)) bad(file, `${spec.id} ${id} appears twice`);
      byId.set(id, rec);
    }
    for (const f of spec.required ?? [])
      if (!isInt(own(rec, f))) bad(file, `${where}: ${f} must be an integer`);
    for (const f of spec.ints ?? []) {
      const v = own(rec, f);
      if (v !== undefined && v !== null && !isInt(v)) bad(file, `${where}: ${f} must be an integer or null`);
    }
    for (const f of spec.intLists ?? []) {
      const v = own(rec, f);
      if (v !== undefined && !(Array.isArray(v) && v.every(isInt)))
        bad(file, `${where}: ${f} must be a list of integers`);
    }
    for (const f of spec.strings ?? []) {
      const v = own(rec, f);
      if (v !== undefined && v !== null && typeof v !== 'string')
        bad(file, `${where}: ${f} must be a string`);
    }
    const ext = own(rec, 'ext');
    if (ext !== undefined) {
      if (!isObj(ext)) bad(file, `${where}: ext must be an object (ext fields by slug)`);
      for (const k of Object.keys(ext))
        if (spec.reserved?.includes(k))
          bad(file, `${where}: ext field '${k}' has the name of a record field`);
    }
    const i18n = own(rec, 'i18n');
    if (i18n !== undefined && !(isObj(i18n) && Object.values(i18n).every(isObj)))
      bad(file, `${where}: i18n must map languages to objects of translated fields`);
  });
  return { file, list: json as Obj[], byId };
}

/** an ext column of a topics group */
interface ExtColumn {
  id: number;
  /** the key of its value in `ext` and in the record: its slug, or ext_col_NN */
  key: string;
  repeat: boolean;
}

const extColKey = (id: number) => `ext_col_${String(id).padStart(2, '0')}`;

function extColumnsOf(file: string, group: Obj): ExtColumn[] {
  const cols = own(group, 'ext_columns');
  if (cols === undefined || cols === null) return [];
  const where = `topics_group_id ${group.topics_group_id}`;
  if (!Array.isArray(cols)) bad(file, `${where}: ext_columns must be a list`);
  const seen = new Set<number>();
  return cols.map((c) => {
    if (!isObj(c) || !isInt(own(c, 'ext_col_id')) || (c.ext_col_id as number) <= 0)
      bad(file, `${where}: each ext column needs a positive integer ext_col_id`);
    const id = c.ext_col_id as number;
    if (seen.has(id)) bad(file, `${where}: ext_col_id ${id} appears twice`);
    seen.add(id);
    const slug = own(c, 'slug');
    if (slug !== undefined && slug !== null && (typeof slug !== 'string' || slug === ''))
      bad(file, `${where}: the slug of ext column ${id} must be a non-empty string or null`);
    if (typeof slug === 'string' && TOPIC_FIELDS.includes(slug))
      bad(file, `${where}: ext column slug '${slug}' is the name of a record field`);
    return { id, key: typeof slug === 'string' ? slug : extColKey(id), repeat: own(c, 'repeat') === true };
  });
}

function visibilityOf(file: string, group: Obj | undefined): GroupVisibility {
  const v = group === undefined ? undefined : own(group, 'visible_to');
  if (v === undefined || v === null) return 'all';
  if (v === 'all' || v === 'members' || v === 'none') return v;
  if (Array.isArray(v) && v.every(isInt)) return v;
  return bad(
    file,
    `group_id ${group?.group_id}: visible_to must be "all", "members", "none" or a list of group ids`,
  );
}

/** `rec` in `lang`: its `i18n[lang]` fields over the base ones (null there means "not translated") */
function localize(rec: Obj, lang: string | undefined, settings: Settings): Obj {
  if (lang === undefined || lang === '' || lang === settings.defaultLang) return rec;
  const over = own(own(rec, 'i18n') as Obj | undefined, lang);
  if (!isObj(over)) return rec;
  const out: Obj = {};
  for (const k of Object.keys(rec)) setOwn(out, k, rec[k]);
  for (const k of Object.keys(over)) {
    const v = over[k]!;
    if (v === null) continue;
    if (k === 'ext' && isObj(v)) {
      const ext: Obj = {};
      const base = own(rec, 'ext');
      if (isObj(base)) for (const e of Object.keys(base)) setOwn(ext, e, base[e]);
      for (const e of Object.keys(v)) if (v[e] !== null) setOwn(ext, e, v[e]);
      setOwn(out, 'ext', ext);
    } else setOwn(out, k, v);
  }
  return out;
}

/**
 * The output record: `fields` first in that order (from `values`, then `rec`, else null), then
 * every other field of `rec` but ext and i18n, then `ext`'s fields (defined columns first).
 */
function shape(
  rec: Obj,
  fields: readonly string[],
  values: Record<string, ContentValue | undefined>,
  columns: readonly ExtColumn[] = [],
): Obj {
  const out: Obj = {};
  for (const f of fields) {
    if (f in values && values[f] === undefined) continue;
    setOwn(out, f, values[f] !== undefined ? values[f] : (own(rec, f) ?? null));
  }
  for (const k of Object.keys(rec))
    if (k !== 'ext' && k !== 'i18n' && !Object.hasOwn(out, k)) setOwn(out, k, rec[k]);
  const ext = own(rec, 'ext');
  for (const c of columns) setOwn(out, c.key, own(ext as Obj, c.key) ?? (c.repeat ? [] : null));
  if (isObj(ext)) for (const k of Object.keys(ext)) if (!Object.hasOwn(out, k)) setOwn(out, k, ext[k]);
  return out;
}

/** json_decode's default depth */
const MAX_JSON_DEPTH = 512;

/** where JSON `text` (valid) nests deeper than `max`: `line L, column C`, or null */
function tooDeep(text: string, max: number): string | null {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // a string: to its closing quote
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) {
        const before = text.slice(0, i);
        return `line ${before.split('\n').length}, column ${i - before.lastIndexOf('\n')}`;
      }
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return null;
}

/** the first number of JSON `text` (valid) that a double does not hold exactly, or null */
function inexactNumber(text: string): { text: string; at: string } | null {
  const number = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++;
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      number.lastIndex = i;
      const lit = number.exec(text)?.[0] ?? text[i]!;
      const n = Number(lit);
      // an integer past 2^53 loses digits; anything past the double range becomes Infinity (null)
      if (!Number.isFinite(n) || (/^-?\d+$/.test(lit) && !Number.isSafeInteger(n))) {
        const before = text.slice(0, i);
        return { text: lit, at: `line ${before.split('\n').length}, column ${i - before.lastIndexOf('\n')}` };
      }
      i += lit.length - 1;
    }
  }
  return null;
}

const ok = <T>(value: T): Found<T> => ({ ok: true, value });
const missing = <T>(message: string): Found<T> => ({ ok: false, reason: 'missing', message });
const hidden = <T>(message: string): Found<T> => ({ ok: false, reason: 'hidden', message });

/**
 * The counter updates waiting, per site: keyed by the file system's label, which for a folder names
 * its real path (every site on one folder shares it; memory sites share one queue, harmlessly).
 */
const counterQueues = new Map<string, Promise<unknown>>();

/** the store on `fs`'s `content/` folder */
export function fixtureContentStore(fs: SiteFs): ContentStore {
  const cache = new Map<string, Map<string, { stamp: string; value: unknown }>>();

  /** the file's JSON, undefined when there is no file */
  async function readJson(file: string): Promise<unknown> {
    const st = await fs.stat(file);
    if (!st) return undefined;
    if (st.isDir) bad(file, 'is a folder, not a JSON file');
    return parseJson(file, await fs.read(file));
  }

  function parseJson(file: string, bytes: Uint8Array): unknown {
    let text: string;
    try {
      text = decoder.decode(bytes);
    } catch {
      bad(file, 'is not valid UTF-8');
    }
    let doc: unknown;
    try {
      doc = JSON.parse(text.replace(/^\uFEFF/, ''));
    } catch (e) {
      return bad(file, `is not valid JSON (${(e as Error).message})`);
    }
    // json_decode's depth: deeper values would overflow the stack of whatever walks them later
    const deep = tooDeep(text, MAX_JSON_DEPTH);
    if (deep !== null) bad(file, `nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels (${deep})`);
    return doc;
  }

  /**
   * `build` of the file's content (undefined: no file), kept while the file's size and times hold;
   * `kind` names what is built (one file may be read as a table and as an index)
   */
  async function cached<T>(
    file: string,
    kind: string,
    build: (bytes: Uint8Array | undefined) => T | Promise<T>,
  ): Promise<T> {
    const st = await fs.stat(file);
    if (st?.isDir) bad(file, 'is a folder');
    // a missing file is not remembered: a template asking for csv tables 1..100000 fills no cache
    if (!st) {
      cache.delete(file);
      return build(undefined);
    }
    const stamp = `${st.size}:${st.mtimeMs}:${st.ctimeMs}`;
    let kinds = cache.get(file);
    const hit = kinds?.get(kind);
    if (hit && hit.stamp === stamp) return hit.value as T;
    const value = await build(await fs.read(file));
    if (!kinds) cache.set(file, (kinds = new Map()));
    kinds.set(kind, { stamp, value });
    return value;
  }

  const json = (file: string) => (bytes: Uint8Array | undefined) =>
    bytes === undefined ? undefined : parseJson(file, bytes);

  function table(kind: Kind): Promise<Table> {
    const file = CONTENT_FILES[kind];
    return cached(file, 'table', (b) => checkTable(file, json(file)(b), SPECS[kind]));
  }

  function settings(): Promise<Settings> {
    const file = CONTENT_FILES.settings;
    return cached(file, 'settings', (b) => {
      const s = json(file)(b);
      if (s === undefined) return { defaultLang: DEFAULT_LANG, timeZone: DEFAULT_TIME_ZONE };
      if (!isObj(s)) bad(file, 'must be a JSON object');
      const lang = own(s, 'default_lang') ?? DEFAULT_LANG;
      const tz = own(s, 'time_zone') ?? DEFAULT_TIME_ZONE;
      if (typeof lang !== 'string' || lang === '')
        bad(file, 'default_lang must be a language code such as "ja"');
      if (typeof tz !== 'string') bad(file, 'time_zone must be an IANA zone name such as "Asia/Tokyo"');
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
      } catch {
        bad(file, `time_zone ${JSON.stringify(tz)} is not a known time zone`);
      }
      return { defaultLang: lang, timeZone: tz };
    });
  }

  /** topics groups with their ext columns */
  function topicsGroups(): Promise<{ table: Table; columns: Map<number, ExtColumn[]> }> {
    const file = CONTENT_FILES.topicsGroups;
    return cached(file, 'groups+columns', (b) => {
      const t = checkTable(file, json(file)(b), SPECS.topicsGroups);
      return {
        table: t,
        columns: new Map(t.list.map((g) => [g.topics_group_id as number, extColumnsOf(file, g)])),
      };
    });
  }

  /** tag relations by `module\0id`, tag ids in file order */
  function relations(): Promise<Map<string, number[]>> {
    const file = CONTENT_FILES.tagRelations;
    return cached(file, 'relations', (b) => {
      const t = checkTable(file, json(file)(b), SPECS.tagRelations);
      const index = new Map<string, number[]>();
      for (const r of t.list) {
        const key = `${own(r, 'module') ?? 'topics'}\0${r.module_id}`;
        const list = index.get(key) ?? [];
        if (!list.includes(r.tag_id as number)) list.push(r.tag_id as number);
        index.set(key, list);
      }
      return index;
    });
  }

  function groupsVisibility(): Promise<Map<number, GroupVisibility>> {
    const file = CONTENT_FILES.groups;
    return cached(file, 'visibility', (b) => {
      const t = checkTable(file, json(file)(b), SPECS.groups);
      return new Map(t.list.map((g) => [g.group_id as number, visibilityOf(file, g)]));
    });
  }

  function tagRecord(tag: Obj, lang: string | undefined, s: Settings): Obj {
    return shape(localize(tag, lang, s), ['tag_id', 'tag_nm', 'tag_category_id', 'ord_no'], {});
  }

  async function tagsOf(ids: readonly number[], lang: string | undefined, s: Settings) {
    const tags = await table('tags');
    const found: Obj[] = [];
    const unknownIds: number[] = [];
    for (const id of ids) {
      const t = tags.byId.get(id);
      if (t) found.push(tagRecord(t, lang, s));
      else unknownIds.push(id);
    }
    return { found, unknownIds };
  }

  /** a favourite's module type and action type, as the queries compare them */
  const favType = (f: Obj) => String(own(f, 'module_type') ?? 'topics');
  const favAction = (f: Obj) => {
    const a = own(f, 'action_type');
    return a === undefined || a === null ? '0' : String(a);
  };

  async function favorites(q: FavoriteQuery): Promise<FavoriteHit[]> {
    const [t, s] = await Promise.all([table('favorites'), settings()]);
    const action = q.actionType ?? '0';
    const hits: FavoriteHit[] = [];
    for (const f of t.list) {
      if (favType(f) !== q.moduleType || favAction(f) !== action) continue;
      if (q.moduleId !== undefined && f.module_id !== q.moduleId) continue;
      if (q.memberId !== undefined && own(f, 'member_id') !== q.memberId) continue;
      if (q.cookie !== undefined && own(f, 'cookie') !== q.cookie) continue;
      const at = dateOf(own(f, 'inst_ymdhi'), s.timeZone, `${t.file}: inst_ymdhi`);
      if (q.since !== undefined && (at === null || at < q.since)) continue;
      hits.push({ moduleId: f.module_id as number, at });
    }
    return hits;
  }

  async function loadCsvTable(id: number, lang: string | undefined, s: Settings) {
    const base = `${CONTENT_FILES.csvTables}/${id}`;
    const fromJson = await cached(`${base}.json`, 'csv', (b) => {
      const doc = json(`${base}.json`)(b);
      return doc === undefined ? undefined : checkCsvJson(`${base}.json`, id, doc);
    });
    if (fromJson) {
      const over = lang && lang !== s.defaultLang ? fromJson.i18n.get(lang) : undefined;
      return { columns: fromJson.columns, rows: fromJson.rows, over };
    }
    const fromCsv = await cached(`${base}.csv`, 'csv', (b) =>
      b === undefined ? undefined : csvRows(`${base}.csv`, b),
    );
    if (!fromCsv) return undefined;
    let over: ContentValue[][] | undefined;
    if (lang && lang !== s.defaultLang && LANG_NAME.test(lang)) {
      const file = `${base}.${lang}.csv`;
      over = (await cached(file, 'csv', (b) => (b === undefined ? undefined : csvRows(file, b))))?.rows;
    }
    return { columns: fromCsv.columns, rows: fromCsv.rows, over };
  }

  const store: ContentStore = {
    label: `content fixtures (${fs.label})`,

    async topic(id, q) {
      const [topics, s] = await Promise.all([table('topics'), settings()]);
      const raw = topics.byId.get(id);
      if (!raw) return missing(`topics ${id} does not exist`);
      if (q.open) {
        const why = closedBecause(raw, q.open, s.timeZone);
        if (why) return hidden(`${why}; chk_open_flg=0 reads it anyway`);
      }
      const [groups, cats, rel] = await Promise.all([topicsGroups(), table('topicsCategories'), relations()]);
      const t = localize(raw, q.lang, s);
      const gid = raw.topics_group_id as number;
      const group = groups.table.byId.get(gid);
      const ct = own(raw, 'contents_type');
      const cat = isInt(ct) ? cats.byId.get(ct) : undefined;
      const tagIds = rel.get(`topics\0${id}`) ?? [];
      const { found } = await tagsOf(tagIds, q.lang, s);
      return ok(
        shape(
          t,
          TOPIC_FIELDS,
          {
            topics_flg: own(raw, 'topics_flg') ?? 1,
            open_flg: own(raw, 'open_flg') ?? 1,
            regular_flg: own(raw, 'regular_flg') ?? 0,
            subject: own(t, 'subject') ?? '',
            group_nm: group ? (own(localize(group, q.lang, s), 'group_nm') ?? null) : null,
            contents_type_nm: cat ? (own(localize(cat, q.lang, s), 'category_nm') ?? null) : null,
            contents_type_list: own(raw, 'contents_type_list') ?? (isInt(ct) ? [ct] : []),
            tag: found,
          },
          groups.columns.get(gid) ?? [],
        ),
      );
    },

    async topicsCategories(groupId, q) {
      const [groups, cats, s] = await Promise.all([topicsGroups(), table('topicsCategories'), settings()]);
      const list = cats.list.filter((c) => c.topics_group_id === groupId);
      if (!groups.table.byId.has(groupId) && list.length === 0)
        return missing(`topics group ${groupId} does not exist`);
      return ok(
        list
          .map((c) =>
            shape(
              localize(c, q.lang, s),
              ['topics_category_id', 'topics_group_id', 'category_nm', 'ord_no'],
              {},
            ),
          )
          .sort(byOrder([{ field: 'ord_no', desc: false }], 'topics_category_id')),
      );
    },

    async member(id, q) {
      const [members, s] = await Promise.all([table('members'), settings()]);
      const raw = members.byId.get(id);
      if (!raw) return missing(`member ${id} does not exist`);
      const groupIds = (own(raw, 'group_ids') as number[] | undefined) ?? [];
      if (q.viewer) {
        const vis = await groupsVisibility();
        const viewerId = q.viewer.memberId;
        const viewer = viewerId === null ? undefined : members.byId.get(viewerId);
        const viewerGroups = (viewer && (own(viewer, 'group_ids') as number[] | undefined)) || [];
        const visible = memberVisibleTo(id, groupIds, (g) => vis.get(g) ?? 'all', {
          memberId: viewerId,
          groupIds: viewerGroups,
        });
        if (!visible) {
          const who = viewerId === null ? 'a visitor who is not logged in' : `member ${viewerId}`;
          return hidden(`member ${id} is not visible to ${who} (open_by_group=0 reads it anyway)`);
        }
      }
      let groupsList: ContentValue | undefined;
      if (q.withGroups) {
        const groups = await table('groups');
        groupsList = groupIds.map((g) => {
          const gr = groups.byId.get(g);
          return { group_id: g, group_nm: gr ? (own(localize(gr, q.lang, s), 'group_nm') ?? null) : null };
        });
      }
      return ok(shape(localize(raw, q.lang, s), MEMBER_FIELDS, { group_ids: groupIds, groups: groupsList }));
    },

    async group(id, q) {
      const [groups, s] = await Promise.all([table('groups'), settings()]);
      const raw = groups.byId.get(id);
      if (!raw) return missing(`group ${id} does not exist`);
      return ok(shape(localize(raw, q.lang, s), ['group_id', 'group_nm'], {}));
    },

    async tags(categoryId, q) {
      const [tags, cats, s] = await Promise.all([table('tags'), table('tagCategories'), settings()]);
      const list = tags.list.filter((t) => t.tag_category_id === categoryId);
      if (!cats.byId.has(categoryId) && list.length === 0)
        return missing(`tag category ${categoryId} does not exist`);
      const order: OrderKey[] = q.order.length ? q.order : [{ field: 'ord_no', desc: false }];
      return ok(list.map((t) => tagRecord(t, q.lang, s)).sort(byOrder(order, 'tag_id')));
    },

    async tagCategories(q) {
      const [cats, s] = await Promise.all([table('tagCategories'), settings()]);
      const flat = cats.list
        .map((c) =>
          shape(
            localize(c, q.lang, s),
            ['tag_category_id', 'tag_category_nm', 'parent_tag_category_id', 'ord_no'],
            {},
          ),
        )
        .sort(byOrder([{ field: 'ord_no', desc: false }], 'tag_category_id'));
      if (!q.tree) return flat;
      const parentOf = (c: Obj) => {
        const p = own(c, 'parent_tag_category_id');
        return isInt(p) && p !== c.tag_category_id && cats.byId.has(p) ? p : null;
      };
      const children = new Map<number | null, Obj[]>();
      for (const c of flat) {
        const p = parentOf(c);
        children.set(p, [...(children.get(p) ?? []), c]);
      }
      const placed = new Set<number>();
      const build = (parent: number | null, depth: number): Obj[] => {
        if (depth > MAX_TREE_DEPTH)
          bad(CONTENT_FILES.tagCategories, `the tree is deeper than ${MAX_TREE_DEPTH} levels`);
        return (children.get(parent) ?? []).map((c) => {
          placed.add(c.tag_category_id as number);
          const node: Obj = {};
          for (const k of Object.keys(c)) setOwn(node, k, c[k]);
          setOwn(node, 'children', build(c.tag_category_id as number, depth + 1));
          return node;
        });
      };
      const roots = build(null, 0);
      if (placed.size !== flat.length) {
        const lost = flat.map((c) => c.tag_category_id as number).filter((id) => !placed.has(id));
        bad(
          CONTENT_FILES.tagCategories,
          `parent_tag_category_id links form a cycle (among ${lost.join(', ')})`,
        );
      }
      return roots;
    },

    async relationTags(q) {
      const s = await settings();
      const ids = q.tagIds
        ? [...new Set(q.tagIds)]
        : ((await relations()).get(`${q.module}\0${q.moduleId}`) ?? []);
      const { found, unknownIds } = await tagsOf(ids, q.lang, s);
      const tags =
        q.categoryId === undefined ? found : found.filter((t) => t.tag_category_id === q.categoryId);
      return { tags, unknownIds };
    },

    async comments(q: CommentQuery) {
      const [comments, s] = await Promise.all([table('comments'), settings()]);
      const topics = q.open && q.moduleType === 'topics' ? await table('topics') : undefined;
      const open = new Map<number, boolean>();
      const topicOpen = (id: number) => {
        if (!topics || !q.open) return true;
        let v = open.get(id);
        if (v === undefined) {
          const t = topics.byId.get(id);
          v = t !== undefined && closedBecause(t, q.open, s.timeZone) === null;
          open.set(id, v);
        }
        return v;
      };
      const picked = comments.list
        .filter(
          (c) =>
            String(own(c, 'module_type') ?? 'topics') === q.moduleType &&
            (q.moduleId === undefined || c.module_id === q.moduleId) &&
            (own(c, 'open_flg') ?? 1) === 1 &&
            topicOpen(c.module_id as number),
        )
        .map((c) => ({ c, at: dateOf(own(c, 'inst_ymdhi'), s.timeZone, `${comments.file}: inst_ymdhi`) }))
        .sort((a, b) => {
          const d = (a.at ?? 0) - (b.at ?? 0) || (a.c.comment_id as number) - (b.c.comment_id as number);
          return q.newestFirst ? -d : d;
        });
      const limited = q.limit > 0 ? picked.slice(0, q.limit) : picked;
      return limited.map(({ c }) =>
        shape(c, ['comment_id', 'module_type', 'module_id', 'member_id', 'name', 'note', 'inst_ymdhi'], {
          module_type: own(c, 'module_type') ?? 'topics',
        }),
      );
    },

    async favoriteCount(q) {
      return (await favorites(q)).length;
    },

    favoriteHits: favorites,

    async csvTable(id, q) {
      const s = await settings();
      const t = await loadCsvTable(id, q.lang, s);
      if (!t) return missing(`csv table ${id} does not exist (content/csvtables/${id}.json or .csv)`);
      const width = t.columns.length;
      const index = new Map(t.columns.map((c, i) => [c, i]));
      const rows: ContentValue[][] = [];
      t.rows.forEach((row, r) => {
        const over = t.over?.[r];
        const cells: ContentValue[] = [];
        for (let i = 0; i < width; i++) {
          const o = over?.[i];
          cells.push(o !== undefined && o !== null && o !== '' ? o : (row[i] ?? null));
        }
        if (q.where && !matchesFilter(q.where, (col) => cells[index.get(col) ?? -1])) return;
        rows.push(cells);
      });
      return ok<CsvTable>({ csvtable_id: id, columns: t.columns, rows });
    },

    async isTopicOpen(topicsId, _memberId, at) {
      const found = await store.topic(topicsId, { open: { at: at ?? Date.now() } });
      return found.ok;
    },

    async isMemberVisible(ownerId, memberId) {
      const found = await store.member(ownerId, { viewer: { memberId } });
      return found.ok;
    },

    updateCounter(u) {
      // one queue per site, not per store: two sites made on one folder (two folderSite calls)
      // would otherwise read the same file, add, and the later write drop the other's update
      const key = fs.label;
      const run = (counterQueues.get(key) ?? Promise.resolve()).then(
        () => updateCounter(u),
        () => updateCounter(u),
      );
      const tail = run.catch(() => undefined);
      counterQueues.set(key, tail);
      void tail.then(() => {
        if (counterQueues.get(key) === tail) counterQueues.delete(key);
      });
      return run;
    },
  };

  async function updateCounter(u: CounterUpdate): Promise<number> {
    const file = CONTENT_FILES.topics;
    // read afresh (not the cached copy): this is a read-modify-write
    const st = await fs.stat(file);
    const bytes = st && !st.isDir ? await fs.read(file) : undefined;
    const doc = bytes === undefined ? await readJson(file) : parseJson(file, bytes);
    // the whole file is written back: a number JavaScript cannot hold exactly would come back
    // changed (12345678901234567890 as 12345678901234567000, 1e400 as null)
    const lossy = bytes === undefined ? null : inexactNumber(decoder.decode(bytes));
    if (lossy !== null)
      bad(
        file,
        `holds the number ${lossy.text} (${lossy.at}), which JavaScript cannot keep exactly: update_counter would change it when it rewrites the file; write it as a string`,
      );
    const topics = checkTable(file, doc, SPECS.topics);
    const groups = await topicsGroups();
    if (
      !groups.table.byId.has(u.topicsGroupId) &&
      !topics.list.some((t) => t.topics_group_id === u.topicsGroupId)
    )
      throw failure('IO_NO_RECORD', `topics group ${u.topicsGroupId} does not exist`);
    const inGroup = topics.list.filter((t) => t.topics_group_id === u.topicsGroupId);
    const asId =
      typeof u.topic === 'number' ? u.topic : /^[1-9]\d{0,15}$/.test(u.topic) ? Number(u.topic) : null;
    const rec =
      (asId !== null ? inGroup.find((t) => t.topics_id === asId) : undefined) ??
      (typeof u.topic === 'string' ? inGroup.find((t) => own(t, 'slug') === u.topic) : undefined);
    if (!rec) {
      throw failure(
        'IO_NO_RECORD',
        `topics group ${u.topicsGroupId} has no content ${JSON.stringify(String(u.topic))} (topics_id or slug)`,
      );
    }
    const columns = groups.columns.get(u.topicsGroupId) ?? [];
    let ext = own(rec, 'ext');
    if (!isObj(ext)) {
      ext = {};
      setOwn(rec, 'ext', ext);
    }
    const colText = String(u.column);
    const colId =
      typeof u.column === 'number'
        ? u.column
        : /^\d{1,9}$/.test(colText)
          ? Number(colText)
          : /^ext_col_\d{1,9}$/.test(colText)
            ? Number(colText.slice(8))
            : null;
    const col =
      (colId !== null ? columns.find((c) => c.id === colId) : undefined) ??
      columns.find((c) => c.key === colText) ??
      (Object.hasOwn(ext, colText)
        ? { id: 0, key: colText, repeat: Array.isArray(ext[colText]) }
        : undefined);
    if (!col)
      throw failure(
        'IO_NO_RECORD',
        `topics group ${u.topicsGroupId} has no ext column ${JSON.stringify(colText)}`,
      );
    const where = `ext '${col.key}' of topics ${rec.topics_id}`;
    const current = own(ext, col.key);
    const add = (v: ContentValue | undefined): number => {
      let n: number;
      if (v === undefined || v === null || v === '') n = 0;
      else if (typeof v === 'number') n = v;
      else if (typeof v === 'string' && /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/.test(v))
        n = Number(v);
      else throw failure('IO_BAD_VALUE', `${where} is ${JSON.stringify(v)}, not a number`);
      const r = n + u.by;
      if (!Number.isFinite(r) || (Number.isInteger(n) && !Number.isSafeInteger(r)))
        throw failure('IO_BAD_VALUE', `${where}: ${n} + ${u.by} is beyond the counter's range (±2^53-1)`);
      return r;
    };
    let result: number;
    if (col.repeat) {
      if (u.index === undefined) throw failure('IO_BAD_VALUE', `${where} is a repeating column: give index`);
      const list = current === undefined || current === null ? [] : current;
      if (!Array.isArray(list)) throw failure('IO_BAD_VALUE', `${where} is not a list`);
      if (u.index < 0 || u.index > list.length)
        throw failure('IO_BAD_VALUE', `index ${u.index} is outside ${where} (0 to ${list.length})`);
      result = add(list[u.index]);
      const next = [...list];
      next[u.index] = result;
      setOwn(ext, col.key, next);
    } else {
      if (u.index !== undefined)
        throw failure('IO_BAD_VALUE', `${where} is not a repeating column: leave index out`);
      result = add(current);
      setOwn(ext, col.key, result);
    }
    await fs.write(file, encoder.encode(`${JSON.stringify(doc, null, 2)}\n`));
    cache.delete(file);
    return result;
  }

  return store;
}

/** the length of the longest row (at least `min`); a loop, not Math.max(...rows): tables may be long */
function widest(rows: readonly unknown[][], min: number): number {
  let w = min;
  for (const r of rows) if (r.length > w) w = r.length;
  return w;
}

/** a csvtables/<id>.json document, checked */
function checkCsvJson(file: string, id: number, doc: unknown) {
  if (!isObj(doc)) bad(file, 'must be a JSON object with "rows"');
  const declared = own(doc, 'csvtable_id');
  if (declared !== undefined && declared !== id)
    bad(file, `csvtable_id ${declared} does not match the file name`);
  const rows = checkRows(file, own(doc, 'rows'), 'rows');
  const cols = own(doc, 'columns');
  if (cols !== undefined && !(Array.isArray(cols) && cols.every((c) => typeof c === 'string')))
    bad(file, 'columns must be a list of names');
  const width = widest(rows, Array.isArray(cols) ? cols.length : 0);
  const columns = (cols as string[] | undefined) ?? [];
  const named = Array.from({ length: width }, (_, i) => columns[i] ?? `col_${i}`);
  if (new Set(named).size !== named.length) bad(file, 'column names must be unique');
  const i18n = new Map<string, ContentValue[][]>();
  const tr = own(doc, 'i18n');
  if (tr !== undefined) {
    if (!isObj(tr)) bad(file, 'i18n must map languages to {"rows": [...]}');
    for (const lang of Object.keys(tr)) {
      const t = tr[lang];
      if (!isObj(t)) bad(file, `i18n.${lang} must be {"rows": [...]}`);
      i18n.set(lang, checkRows(file, own(t, 'rows'), `i18n.${lang}.rows`));
    }
  }
  return { columns: named, rows, i18n };
}

function checkRows(file: string, rows: ContentValue | undefined, what: string): ContentValue[][] {
  if (!Array.isArray(rows)) bad(file, `${what} must be a list of rows`);
  rows.forEach((r, i) => {
    if (!Array.isArray(r)) bad(file, `${what}[${i}] must be a list of cells`);
    if (r.some((c) => c !== null && typeof c === 'object'))
      bad(file, `${what}[${i}]: a cell must be a text, number, boolean or null`);
  });
  return rows as ContentValue[][];
}

/** a csvtables/<id>.csv file: the first line names the columns */
async function csvRows(
  file: string,
  bytes: Uint8Array,
): Promise<{ columns: string[]; rows: ContentValue[][] }> {
  const { parse } = await import('csv-parse/browser/esm/sync');
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    bad(file, 'is not valid UTF-8');
  }
  let records: string[][];
  try {
    records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][];
  } catch (e) {
    bad(file, `is not valid CSV (${(e as Error).message})`);
  }
  const [head = [], ...rows] = records;
  const width = widest(rows, head.length);
  const columns = Array.from({ length: width }, (_, i) => (head[i] ? head[i] : `col_${i}`));
  if (new Set(columns).size !== columns.length) bad(file, 'column names (the first line) must be unique');
  return { columns, rows };
}
