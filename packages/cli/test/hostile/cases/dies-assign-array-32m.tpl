{* hostile: assign_array values= with 16.7 M values *}
{* expect: LIMIT_MEMORY *}
{assign var=s value=""|str_pad:33554000:"a,"}{assign_array var=p values=$s}{$p|@count}