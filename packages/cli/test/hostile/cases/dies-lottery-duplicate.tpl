{* hostile: lottery duplicate=1000000000 (a pool of 3 billion ids) *}
{* expect: LIMIT_MEMORY *}
{assign var=ids value=","|explode:"1,2,3"}{lottery var=x cnt=5 duplicate=1000000000 ids=$ids}{$x|@count}