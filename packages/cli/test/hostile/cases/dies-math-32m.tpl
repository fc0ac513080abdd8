{* hostile: math equation= of 33 M characters *}
{* expect: INVALID_ATTRIBUTE *}
{assign var=s value=""|str_pad:33554000:"a,"}{math equation=$s assign=c}{$c}