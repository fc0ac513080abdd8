{* hostile: an array grown one element per step past the array cap *}
{* expect: LIMIT_MEMORY *}
{section name=i loop=10000000}{append var=a value=$smarty.section.i.index}{/section}{$a|@count}