{* hostile: range of 100 M integers *}
{* expect: LIMIT_MEMORY *}
{assign var=a value=1|range:100000000}{$a|@count}