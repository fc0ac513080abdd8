{* hostile: each step scans 1.9 M elements: the time budget is checked often enough to stop near its limit *}
{* limits: {"timeoutMs": 1000} *}
{* expect: LIMIT_TIME *}
{assign var=big value=1|range:1900000}{section name=i loop=100000}{if "x"|in_array:$big}y{/if}{/section}done
