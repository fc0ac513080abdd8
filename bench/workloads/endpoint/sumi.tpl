{strip}
{assign var=orders value=$dataSet.emptyArray}
{assign var=total value=0}{assign var=paid value=0}{assign var=pending value=0}
{foreach from=$json.list item=o}
  {if $o.status != 'cancelled'}
    {assign var=row value=$dataSet.emptyArray}
    {assign var=row.id value=$o.order_id}
    {assign var=row.member value=$o.member.name}
    {assign var=row.url value="/members/`$o.member.member_id`/orders/`$o.order_id`/"}
    {assign var=row.status value=$o.status}
    {assign var=row.date value=$o.created|truncate:10:''}
    {assign var=lines value=$dataSet.emptyArray}{assign var=sum value=0}
    {foreach from=$o.items item=it}
      {assign var=line value=$dataSet.emptyArray}
      {assign var=line.product value=$it.product_id}
      {assign var=line.name value=$it.name}
      {assign var=line.amount value=$it.qty*$it.unit_price}
      {append var=lines value=$line}
      {assign var=sum value=$sum+$it.qty*$it.unit_price}
    {/foreach}
    {assign var=row.lines value=$lines}
    {assign var=row.amount value=$sum}
    {if $o.note}{assign var=row.note value=$o.note}{/if}
    {append var=orders value=$row}
    {assign var=total value=$total+$sum}
    {if $o.status == 'paid'}{assign var=paid value=$paid+1}{else}{assign var=pending value=$pending+1}{/if}
  {/if}
{/foreach}
{assign var=response value=$dataSet.emptyArray}
{assign var=response.status value=200}
{assign var=response.count value=$orders|@count}
{assign var=response.paid value=$paid}
{assign var=response.pending value=$pending}
{assign var=response.total value=$total}
{assign var=response.orders value=$orders}
{$response|@json_encode}
{/strip}
