{assign var=x value=1}{* c *}

{* d *}

X