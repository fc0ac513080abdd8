{section name=i loop=9007199254740991 start=5 step=9007199254740991}{$smarty.section.i.index}|{$smarty.section.i.index_next}|{/section}
{$smarty.section.i.index}|{$smarty.section.i.index_next}
