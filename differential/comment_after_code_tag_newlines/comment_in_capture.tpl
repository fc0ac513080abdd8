{capture name=c}{* c *}

X{/capture}{* c *}

{$smarty.capture.c}