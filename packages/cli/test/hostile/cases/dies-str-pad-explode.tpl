{* hostile: str_pad to 140 M characters, then explode: V8's fatal "invalid size" *}
{* expect: LIMIT_MEMORY *}
{assign var=s value=""|str_pad:140000000:"a,"}{assign var=p value=","|explode:$s}{$p|@count}