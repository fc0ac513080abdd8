{* hostile: |cat appending 1 MB per step *}
{* expect: LIMIT_MEMORY *}
{assign var=m value=""|str_pad:1000000:"x"}{assign var=s value=""}{section name=i loop=100000}{assign var=s value=$s|cat:$m}{/section}{$s|strlen}