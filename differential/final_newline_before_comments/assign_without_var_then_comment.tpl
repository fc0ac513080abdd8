a
{assign value=$x.0|count}

{* c *}
