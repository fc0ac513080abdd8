{* hostile: count_words on the largest allowed string (16.7 M words) *}
{* expect-output: 16777000 *}
{assign var=s value=""|str_pad:33554000:"a "}{$s|count_words}