[x]
{assign value=1}
