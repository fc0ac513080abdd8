{* hostile: a string doubled by interpolation 40 times *}
{* expect: LIMIT_MEMORY *}
{assign var=s value="ab"}{section name=i loop=40}{assign var=s value="$s$s"}{/section}{$s|strlen}