{* hostile: a 30 M-character value printed three times: 90 M characters against the 64 MiB output budget *}
{* expect: LIMIT_OUTPUT *}
{assign var=x value=""|str_pad:30000000:"ab"}{$x}{$x}{$x}