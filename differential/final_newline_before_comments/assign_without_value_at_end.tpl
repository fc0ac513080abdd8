x
{assign var=a}