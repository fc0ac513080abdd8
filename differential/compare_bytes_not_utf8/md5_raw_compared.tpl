{if $v0.0 != $v1.k}A{elseif null is even by 2 || !$v2 == $v3.k|@array_push}B{else}C{/if}
{if $v5.k|md5:$v4 <= $v6}A{elseif in_array($v7, $v8)}B{else}C{/if}
