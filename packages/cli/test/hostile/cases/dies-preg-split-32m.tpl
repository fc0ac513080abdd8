{* hostile: the split modifier with a pattern (preg_split) on the largest allowed string *}
{* expect: LIMIT_MEMORY *}
{assign var=s value=""|str_pad:33554000:"a,"}{assign var=p value="/,/"|split:$s}{$p|@count}