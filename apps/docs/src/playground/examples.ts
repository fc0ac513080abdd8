/**
 * The playground's example gallery: the basics, one example per plugin group, and real-world
 * batch, endpoint and trigger templates. Each runs as-is in the browser, on the in-memory
 * example site and the fake network (test/playground-worker.test.mjs renders every one).
 */
export interface PlaygroundExample {
  id: string;
  title: string;
  /** the gallery section it is listed under */
  section: 'Basics' | 'Plugin groups' | 'Real world';
  /** one line on what it shows */
  description: string;
  template: string;
  data: string;
  context: string;
}

const lines = (...l: string[]) => `${l.join('\n')}\n`;

export const examples: PlaygroundExample[] = [
  {
    id: 'hello',
    title: 'Hello, modifiers',
    section: 'Basics',
    description: 'Variables and a chain of modifiers.',
    context: 'batch',
    template:
      'Hello {$name|upper}!\n{$title|default:"(no title)"|escape}\n{$price|string_format:"%.2f"} yen\n',
    data: '{\n  "name": "sumi",\n  "title": "<b>Templates</b>",\n  "price": 1234.5\n}\n',
  },
  {
    id: 'loop',
    title: 'foreach loop',
    section: 'Basics',
    description: '{foreach} with its $smarty.foreach properties and {foreachelse}.',
    context: 'batch',
    template: [
      '{foreach from=$rows item=row key=k name=list}',
      '{$smarty.foreach.list.iteration}. {$row.title|escape}{if $smarty.foreach.list.last} (last){/if} [key {$k}]',
      '{foreachelse}',
      'no rows',
      '{/foreach}',
      'total: {$rows|@count}',
      '',
    ].join('\n'),
    data: '{\n  "rows": [\n    { "title": "First" },\n    { "title": "Second" },\n    { "title": "Third & last" }\n  ]\n}\n',
  },
  {
    id: 'if',
    title: 'if / elseif / else',
    section: 'Basics',
    description: 'Conditions, `is even` and PHP functions in {if}.',
    context: 'batch',
    template: [
      '{if $stock > 10}',
      'in stock',
      '{elseif $stock > 0}',
      'only {$stock} left',
      '{else}',
      'sold out',
      '{/if}',
      '{if $n is even}even{else}odd{/if}, {if in_array("b", $tags)}tagged b{/if}',
      '',
    ].join('\n'),
    data: '{\n  "stock": 3,\n  "n": 7,\n  "tags": ["a", "b"]\n}\n',
  },
  {
    id: 'trap',
    title: 'Silent traps (warnings)',
    section: 'Basics',
    description: 'Templates that run but do not do what they seem to: the compiler warns.',
    context: 'batch',
    template: '{$a + $b}\n{$list|count}\n',
    data: '{\n  "a": 1,\n  "b": 2,\n  "list": [1, 2, 3]\n}\n',
  },
  {
    id: 'smarty-functions',
    title: 'Smarty functions',
    section: 'Plugin groups',
    description: '{cycle}, {counter}, {html_options} and {math}: switch the output to HTML to see the table.',
    context: 'batch',
    template: lines(
      '<table>',
      '{foreach from=$inks item=ink}',
      '  <tr class="{cycle values="odd,even"}"><td>{counter}</td><td>{$ink|escape}</td></tr>',
      '{/foreach}',
      '</table>',
      '<select name="size">{html_options options=$sizes selected="m"}</select>',
      '<p>area: {math equation="w * h" w=$w h=$h} cm²</p>',
    ),
    data: lines(
      '{',
      '  "inks": ["墨 (black)", "朱 (vermilion)", "藍 (indigo)"],',
      '  "sizes": { "s": "Small", "m": "Medium", "l": "Large" },',
      '  "w": 12,',
      '  "h": 8',
      '}',
    ),
  },
  {
    id: 'cms',
    title: 'Variables and arrays',
    section: 'Plugin groups',
    description: 'Dotted {assign}, {append}, {assign_array}, {add} and {logger} (see the log).',
    context: 'batch',
    template: lines(
      '{assign var="page.meta.title" value="Sumi"}',
      '{append var=list value="x"}{append var=list value="y"}{$page.meta.title}: {","|implode:$list}',
      '{assign_array var=stock values="3,0,12" keys="tea,ink,paper"}{$stock|@json_encode}',
      '{assign var=total value=0}{foreach from=$stock item=n}{add var=total value=$n}{/foreach}total {$total}',
      '{logger msg1="stock counted" msg2=$total}',
    ),
    data: '{}\n',
  },
  {
    id: 'modifiers',
    title: 'CMS, plugin and PHP modifiers',
    section: 'Plugin groups',
    description: 'cms_sort_by_key, cms_file_size, split, in_array and PHP functions used as modifiers.',
    context: 'batch',
    template: lines(
      '{$members|@cms_sort_by_key:"age"|@json_encode}',
      '{$bytes|cms_file_size}',
      '{","|split:"a,b,c"|@count} parts',
      '{if "b"|in_array:$tags}tagged b{else}not tagged{/if}.',
      '{$title|mb_strlen} characters, {$title|md5|substr:0:8}',
    ),
    data: lines(
      '{',
      '  "members": [',
      '    { "name": "b", "age": 31 },',
      '    { "name": "a", "age": 25 }',
      '  ],',
      '  "bytes": 1536,',
      '  "tags": ["a", "b"],',
      '  "title": "墨の色"',
      '}',
    ),
  },
  {
    id: 'data-retrieval',
    title: 'Data retrieval',
    section: 'Plugin groups',
    description: 'Content, tags and CSV tables from the example site (content/ in the Site files pane).',
    context: 'batch',
    template: lines(
      '{assign_topics_detail var=topic topics_id=1}{$topic.subject} ({$topic.group_nm}) {$topic.ymd}',
      'tags:{foreach from=$topic.tag item=t} #{$t.tag_nm}{/foreach}',
      '{assign_tag_list var=tags category_id=2}{foreach from=$tags item=t}{$t.tag_nm} {/foreach}',
      '{assign_csv_table csvtable_id=1 var=rows}{foreach from=$rows item=r}{$r.0} {$r.1} ¥{$r.3}',
      '{/foreach}',
    ),
    data: '{}\n',
  },
  {
    id: 'files',
    title: 'Files and storage',
    section: 'Plugin groups',
    description: 'Read a CSV, write a file and list a folder: the Site files pane shows what changed.',
    context: 'batch',
    template: lines(
      '{read_file path="/files/ltd/prices.csv" type=csv row=r}{if $r.0 != "code"}{$r.0}: {$r.1} yen',
      '{/if}{/read_file}',
      '{write_file var=p value="written by the playground"}{put_file tmp_path=$p path="/files/user/hello.txt"}',
      '{read_dir path="/files/user" file_var=f name_only=1}{$f}',
      '{/read_dir}',
    ),
    data: '{}\n',
  },
  {
    id: 'calls',
    title: 'Calls and API access',
    section: 'Plugin groups',
    description:
      'An HTTP API, the CMS API, a secret, mail and chat: all answered by fakes (edit them under Fake API responses); the log shows what would have been sent.',
    context: 'batch',
    template: lines(
      '{api endpoint="https://api.example.com/items" json_var=r status_var=ok}{if $ok}{$r.items[0].name}{/if}.',
      "{api_internal endpoint='/rcms-api/1/news' var=news status_var=ok}{$news.pageInfo.totalCnt} news",
      '{secret var=token key="api_token"}token of {$token|strlen} characters',
      '{sendmail var=sent to="team@example.com" subject="Stock report" contents="All inks in stock."}{if $sent}mail sent{/if}.',
      '{chat_post_message var=posted channel="C0GENERAL" text="在庫レポートを送りました"}{if $posted}chat posted{/if}.',
    ),
    data: '{}\n',
  },
  {
    id: 'batch-report',
    title: 'Batch: monthly sales report',
    section: 'Real world',
    description:
      'A nightly batch: reads the month’s CSV, totals it, writes a summary file and mails it to the team.',
    context: 'batch',
    template: lines(
      '{* $ext_data.month comes from {batch ext_data=…}; the test data stands in for it *}',
      '{assign var=path value="/files/user/reports/`$ext_data.month`.csv"}',
      '{assign var=total value=0}{assign var=rows value=0}',
      '{read_file path=$path type=csv row=r}{if $r.0 != "id"}{add var=total value=$r.2}{add var=rows value=1}{/if}{/read_file}',
      '{capture assign=summary}{$ext_data.month}: {$rows} orders, {$total|number_format} yen{/capture}',
      '{write_file var=tmp value=$summary}{put_file tmp_path=$tmp path="/files/user/reports/summary-`$ext_data.month`.txt"}',
      '{sendmail var=sent to=$ext_data.to subject="Sales `$ext_data.month`" contents=$summary}',
      '{logger msg1="report" msg2=$summary}',
      '{return value=$summary}',
    ),
    data: '{\n  "ext_data": { "month": "2026-10", "to": "sales@example.com" }\n}\n',
  },
  {
    id: 'post',
    title: 'Endpoint post-processing',
    section: 'Real world',
    description: 'Reshapes an endpoint’s response ($json) into $processed_json.',
    context: 'post',
    template: [
      '{* Post-processing: read $json, set $processed_json *}',
      '{assign var=out value=$dataSet.emptyArray}',
      '{foreach from=$json.list item=item}',
      '{if $item.open}{assign var="out." value=$item.subject|upper}{/if}',
      '{/foreach}',
      '{assign var=processed_json value=$out}',
    ].join('\n'),
    data: '{\n  "json": {\n    "list": [\n      { "subject": "hello", "open": true },\n      { "subject": "draft", "open": false },\n      { "subject": "world", "open": true }\n    ]\n  }\n}\n',
  },
  {
    id: 'endpoint',
    title: 'Custom endpoint: price lookup',
    section: 'Real world',
    description: 'A custom endpoint answering {"data": …} from a CSV, with a 404 for unknown codes.',
    context: 'endpoint',
    template: lines(
      '{assign var=found value=false}',
      '{read_file path="/files/ltd/prices.csv" type=csv row=r}{if $r.0 == $url.query.code}{assign var=found value=$r.1}{/if}{/read_file}',
      '{if $found === false}',
      '{assign var=http_code value=404}{assign var=data value=$dataSet.emptyArray}{assign var="data.error" value="unknown code `$url.query.code`"}',
      '{else}',
      '{assign var=data value=$dataSet.emptyArray}{assign var="data.code" value=$url.query.code}{assign var="data.price" value=$found|intval}',
      '{/if}',
    ),
    data: '{\n  "url": { "path": "/rcms-api/1/price", "query": { "code": "B-2" } }\n}\n',
  },
  {
    id: 'trigger',
    title: 'Trigger: tidy a new topic',
    section: 'Real world',
    description:
      'A trigger on content add: trims the subject, fills a missing slug and tells the chat channel.',
    context: 'trigger',
    template: lines(
      '{assign var="row.subject" value=$row.subject|trim}',
      '{if $row.slug == ""}{assign var="row.slug" value=$row.subject|lower|regex_replace:"/[^a-z0-9]+/":"-"|trim:"-"}{/if}',
      '{chat_post_message var=ok channel=$ext_config.channel text="New topic #`$topics_id`: `$row.subject`"}',
    ),
    data: lines(
      '{',
      '  "topics_id": 42,',
      '  "ext_config": { "channel": "C0CONTENT" },',
      '  "row": { "subject": "  Autumn Ink Sale  ", "slug": "" }',
      '}',
    ),
  },
];
