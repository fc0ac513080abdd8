{assign var=x value=1}{* c *}{* d *}

X|{assign var=x value=1}{* c *}
{* d *}

Y