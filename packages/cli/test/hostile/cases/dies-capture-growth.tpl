{* hostile: a capture doubling its own content *}
{* expect: LIMIT_MEMORY *}
{assign var=c value="abcdefgh"}{section name=i loop=40}{capture assign=c}{$c}{$c}{/capture}{/section}{$c|strlen}