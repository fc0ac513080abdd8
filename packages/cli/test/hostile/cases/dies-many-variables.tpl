{* hostile: 100 variables of 16 MB each: the per-render memory total *}
{* expect: LIMIT_MEMORY *}
{assign var=m value=""|str_pad:16000000:"x"}{section name=i loop=100}{assign var="v`$smarty.section.i.index`" value=$m|cat:"!"}{/section}done