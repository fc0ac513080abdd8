{if 1}{assign var=x}

X{/if}|{assign var=x value=1}{assign var=y}

Y|{assign var=x}{assign var=y value=2}

Z