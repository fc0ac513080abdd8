{* hostile: 25 M three-byte characters printed: 75 MB of UTF-8 against the 64 MiB output budget *}
{* expect: LIMIT_OUTPUT *}
{assign var=x value=""|str_pad:75000000:"あ"}{$x}