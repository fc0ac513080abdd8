{* hostile: few steps, each a long sort: the time budget counts work inside modifiers *}
{* limits: {"timeoutMs": 1000} *}
{* expect: LIMIT_TIME *}
{assign var=a value=1|range:1900000}{section name=i loop=200}{assign var=b value=$a|@rsort}{/section}done