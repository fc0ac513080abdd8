{$a.0}{* c *}

X|{counter}{* c *}

Y|{literal}a{/literal}{* c *}

Z|{ldelim}{* c *}

W