{* hostile: the split modifier on the largest allowed string *}
{* expect: LIMIT_MEMORY *}
{assign var=s value=""|str_pad:33554000:"a,"}{assign var=p value=","|split:$s}{$p|@count}