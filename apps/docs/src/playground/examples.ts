/** The playground's example templates: each runs as-is in the browser. */
export interface PlaygroundExample {
  id: string;
  title: string;
  template: string;
  data: string;
  context: string;
}

export const examples: PlaygroundExample[] = [
  {
    id: 'hello',
    title: 'Hello, modifiers',
    context: 'batch',
    template:
      'Hello {$name|upper}!\n{$title|default:"(no title)"|escape}\n{$price|string_format:"%.2f"} yen\n',
    data: '{\n  "name": "sumi",\n  "title": "<b>Templates</b>",\n  "price": 1234.5\n}\n',
  },
  {
    id: 'loop',
    title: 'foreach loop',
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
    id: 'cms',
    title: 'CMS plugins and modifiers',
    context: 'batch',
    template: [
      '{assign var="page.meta.title" value="Sumi"}',
      '{append var=list value="x"}{append var=list value="y"}{$page.meta.title}: {","|implode:$list}',
      '{$members|@cms_sort_by_key:"age"|@json_encode}',
      '{$bytes|cms_file_size}',
      '',
    ].join('\n'),
    data: '{\n  "members": [\n    { "name": "b", "age": 31 },\n    { "name": "a", "age": 25 }\n  ],\n  "bytes": 1536\n}\n',
  },
  {
    id: 'post',
    title: 'Post-processing (endpoint)',
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
    id: 'trap',
    title: 'Silent traps (warnings)',
    context: 'batch',
    template: '{$a + $b}\n{$list|count}\n',
    data: '{\n  "a": 1,\n  "b": 2,\n  "list": [1, 2, 3]\n}\n',
  },
];
