{* hostile: cycle values= with 16.7 M values *}
{* expect: LIMIT_MEMORY *}
{assign var=s value=""|str_pad:33554000:"a,"}{cycle values=$s assign=c}{$c|strlen}