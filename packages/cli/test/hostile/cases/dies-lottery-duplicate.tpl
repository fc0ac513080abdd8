{* hostile: lottery duplicate=1000000000 (a pool of 3 billion ids): drawn without building the pool *}
{* expect-output: 5 *}
{assign var=ids value=","|explode:"1,2,3"}{lottery var=x cnt=5 duplicate=1000000000 ids=$ids}{$x|@count}