{section name=a loop=$big start=-3}{$smarty.section.a.index},{$smarty.section.a.index_prev},{$smarty.section.a.index_next},{$smarty.section.a.first}{$smarty.section.a.last}|{/section}[{$smarty.section.a.total}|{$smarty.section.a.start}|{$smarty.section.a.index}]
{section name=b loop=$big start=-2 step=-1 max=3}{$smarty.section.b.index};{/section}[{$smarty.section.b.total}|{$smarty.section.b.index_next}]
{section name=c loop=9223372036854775807 start=9223372036854775805}{$smarty.section.c.index}/{$smarty.section.c.index_next};{/section}[{$smarty.section.c.total}]
{section name=d loop=5 step=9223372036854775807}{$smarty.section.d.index}/{$smarty.section.d.index_next};{/section}[{$smarty.section.d.index}]
{section name=e loop=5 start=-9223372036854775807 step=-1}{$smarty.section.e.index};{/section}[{$smarty.section.e.total}]
{section name=f loop=$big step=3 start=-7}{$smarty.section.f.index};{/section}[{$smarty.section.f.total}]
{section name=g loop=$a start=$bigstart}{$a[g]};{sectionelse}none{/section}
{section name=h loop=$big start=-2}{$smarty.section.h|@json_encode}{/section}
