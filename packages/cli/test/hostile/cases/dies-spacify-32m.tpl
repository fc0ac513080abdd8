{* hostile: spacify doubling the largest allowed string *}
{* expect: LIMIT_MEMORY *}
{assign var=s value=""|str_pad:33554000:"a,"}{$s|spacify|strlen}