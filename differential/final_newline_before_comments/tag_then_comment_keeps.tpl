{if 1}x
{/if}{* c *}
x
{$a}{* c *}