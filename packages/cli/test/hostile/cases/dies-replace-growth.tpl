{* hostile: |replace growing a string fourfold per step *}
{* expect: LIMIT_MEMORY *}
{assign var=s value="aaaaaaaaaa"}{section name=i loop=40}{assign var=s value=$s|replace:"a":"aaaa"}{/section}{$s|strlen}