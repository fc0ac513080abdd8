{assign var=x value=1}{* c *}

X{assign var=x value=1}{* c *}Y