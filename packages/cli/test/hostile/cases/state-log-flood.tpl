{* hostile: a warning logged on each of 2 M steps: the log is capped per render *}
{* expect-output: ok *}
{section name=i loop=2000000}{logger msg1="step"}{/section}ok