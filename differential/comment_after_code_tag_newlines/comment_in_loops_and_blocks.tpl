{foreach from=$a item=v}{* c *}

{$v}{/foreach}{* c *}

|{if 0}X{else}{* c *}

Y{/if}{* c *}

Z|{foreach from=$e item=v}{foreachelse}{* c *}

E{/foreach}