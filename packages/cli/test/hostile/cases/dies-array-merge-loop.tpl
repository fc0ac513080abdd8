{* hostile: array_merge doubling an array per step *}
{* expect: LIMIT_MEMORY *}
{assign var=a value=","|explode:"a,b"}{section name=i loop=100}{assign var=a value=$a|@array_merge:$a}{/section}{$a|@count}