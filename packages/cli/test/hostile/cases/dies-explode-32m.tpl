{* hostile: explode of the largest allowed string into 16.7 M pieces *}
{* expect: LIMIT_MEMORY *}
{assign var=s value=""|str_pad:33554000:"a,"}{assign var=p value=","|explode:$s}{$p|@count}