{* hostile: math equation= of 33 M characters: a warning and no value, as in the CMS *}
{* expect-output: [] *}
{assign var=s value=""|str_pad:33554000:"a,"}{math equation=$s assign=c}[{$c}]