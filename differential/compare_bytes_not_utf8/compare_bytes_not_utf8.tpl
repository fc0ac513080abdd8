{if $s|md5:true <= "日本語"}A{else}B{/if}{if $s|md5:true > "ｶﾀｶﾅ"}C{else}D{/if}
{if "x\xE3yz" < "x日"}1{else}0{/if}{if "\xE6" < "日"}1{else}0{/if}{if "\xE6\x97" < "日"}1{else}0{/if}{if "\xE6\x97\xA5" == "日"}1{else}0{/if}{if "\xFF" > "😀"}1{else}0{/if}{if "\xF0" < "😀"}1{else}0{/if}{if "ｶ" < "😀"}1{else}0{/if}{if "😀" < "\xF0\x9F\x98\x81"}1{else}0{/if}{if "a\xE3" > "a"}1{else}0{/if}{if "\x80" < "\xC3\xA9"}1{else}0{/if}{if "\xC3" < "é"}1{else}0{/if}{if "é" < "\xC4"}1{else}0{/if}
{assign var=l value=$list}{$l|@sort}{","|implode:$l|escape:"url"} {$list|@max|escape:"url"} {$list|@min|escape:"url"}
{assign var=u value=$keys}{$u|@sort}{","|implode:$u}
