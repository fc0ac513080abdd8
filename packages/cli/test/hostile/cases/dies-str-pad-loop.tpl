{* hostile: str_pad growing a string in a loop *}
{* expect: LIMIT_MEMORY *}
{assign var=s value=""}{section name=i loop=100000}{assign var=s value=$s|str_pad:$smarty.section.i.index*1000000:"x"}{/section}{$s|strlen}