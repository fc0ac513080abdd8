<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>{$title|escape}</title></head>
<body>
<main class="page">
<section id="s1" class="card">
<h2>{$sections.s1.title|escape}</h2>
<p class="lead">{$sections.s1.lead|escape}</p>
<p>Lorem dolor consequat quis magna ut et sed aliqua nostrud sed consectetur exercitation magna adipiscing incididunt do aliqua eiusmod consequat sed aliquip adipiscing amet consectetur do aliqua exercitation dolor ea aliqua minim quis commodo minim ea nisi ipsum consectetur incididunt.</p>
<p>Labore lorem dolor ullamco incididunt labore et commodo quis quis tempor incididunt amet amet ea eiusmod adipiscing minim tempor ipsum quis ea aliqua nisi veniam ea sit aliqua veniam ex.</p>
{if $sections.s1.featured}<p class="badge">Featured</p>{else}<p class="badge muted">Standard</p>{/if}<ul class="tags">{foreach from=$sections.s1.tags item=t}<li>{$t|escape}</li>{/foreach}</ul>
<p class="meta">Updated by {$sections.s1.author|escape} · {$sections.s1.views|escape} views</p>
</section>
<section id="s2" class="card">
<h2>{$sections.s2.title|escape}</h2>
<p class="lead">{$sections.s2.lead|escape}</p>
<p>Commodo nisi ad commodo commodo aliqua laboris lorem magna tempor nostrud aliqua exercitation consequat aliqua laboris labore minim exercitation aliqua eiusmod sed lorem lorem commodo nisi minim lorem minim ad nostrud consequat do consequat veniam laboris minim nisi amet consequat.</p>
<p>Magna enim consectetur ut elit laboris aliquip exercitation veniam consequat ad exercitation commodo dolore elit enim laboris aliquip adipiscing aliqua dolore magna adipiscing sed labore dolore consectetur lorem consectetur lorem.</p>
{if $sections.s2.featured}<p class="badge">Featured</p>{else}<p class="badge muted">Standard</p>{/if}<ul class="tags">{foreach from=$sections.s2.tags item=t}<li>{$t|escape}</li>{/foreach}</ul>
<p class="meta">Updated by {$sections.s2.author|escape} · {$sections.s2.views|escape} views</p>
</section>
<section id="s3" class="card">
<h2>{$sections.s3.title|escape}</h2>
<p class="lead">{$sections.s3.lead|escape}</p>
<p>Sit aliquip consequat dolor consectetur ut dolore nostrud incididunt incididunt ullamco nostrud laboris aliqua laboris labore enim do magna ullamco dolor sed nisi nisi ullamco labore incididunt ea sed incididunt dolore nisi ut consequat aliqua labore tempor aliqua do ex.</p>
<p>Enim consequat nisi dolore labore quis ea aliqua veniam consectetur quis ut ad aliquip ut eiusmod sit quis nostrud commodo eiusmod sed dolor nostrud ea ullamco nisi commodo elit consequat.</p>
{if $sections.s3.featured}<p class="badge">Featured</p>{else}<p class="badge muted">Standard</p>{/if}<ul class="tags">{foreach from=$sections.s3.tags item=t}<li>{$t|escape}</li>{/foreach}</ul>
<p class="meta">Updated by {$sections.s3.author|escape} · {$sections.s3.views|escape} views</p>
</section>
<section id="s4" class="card">
<h2>{$sections.s4.title|escape}</h2>
<p class="lead">{$sections.s4.lead|escape}</p>
<p>Do aliqua ut nostrud exercitation minim nostrud minim ad do nisi dolore amet nostrud et enim aliqua ex commodo consectetur sit do magna ut ex aliquip aliqua ex do dolore ea veniam laboris tempor ex commodo nisi lorem consectetur exercitation.</p>
<p>Sit dolor ea do ad sed ullamco nostrud ipsum et consequat dolor dolor incididunt ullamco quis do dolore sit dolore labore aliqua consectetur ullamco eiusmod quis nisi ipsum adipiscing nostrud.</p>
{if $sections.s4.featured}<p class="badge">Featured</p>{else}<p class="badge muted">Standard</p>{/if}<ul class="tags">{foreach from=$sections.s4.tags item=t}<li>{$t|escape}</li>{/foreach}</ul>
<p class="meta">Updated by {$sections.s4.author|escape} · {$sections.s4.views|escape} views</p>
</section>
<section id="s5" class="card">
<h2>{$sections.s5.title|escape}</h2>
<p class="lead">{$sections.s5.lead|escape}</p>
<p>Ex do nisi minim eiusmod sit sit consequat quis sed magna dolor magna labore ullamco consectetur exercitation consectetur sed adipiscing aliquip ipsum ipsum ea ea dolore enim quis consectetur magna dolor ad nostrud nisi dolor enim incididunt ipsum ea do.</p>
<p>Consectetur do tempor ullamco nisi aliquip ullamco nostrud aliquip minim quis quis eiusmod ut veniam tempor sed dolore ad veniam labore nostrud sed exercitation magna labore ut laboris amet aliqua.</p>
{if $sections.s5.featured}<p class="badge">Featured</p>{else}<p class="badge muted">Standard</p>{/if}<ul class="tags">{foreach from=$sections.s5.tags item=t}<li>{$t|escape}</li>{/foreach}</ul>
<p class="meta">Updated by {$sections.s5.author|escape} · {$sections.s5.views|escape} views</p>
</section>
<section id="s6" class="card">
<h2>{$sections.s6.title|escape}</h2>
<p class="lead">{$sections.s6.lead|escape}</p>
<p>Aliqua veniam minim dolor labore commodo nostrud magna quis eiusmod consequat dolor exercitation et elit dolore elit aliquip consequat aliqua commodo consectetur dolore consectetur ipsum quis exercitation elit lorem dolore veniam eiusmod aliqua ea do aliqua quis eiusmod sit minim.</p>
<p>Amet aliqua et veniam laboris exercitation enim ullamco magna exercitation ad ad ad veniam exercitation nostrud aliquip aliquip veniam minim consectetur sed consequat adipiscing ex ipsum exercitation magna nisi do.</p>
{if $sections.s6.featured}<p class="badge">Featured</p>{else}<p class="badge muted">Standard</p>{/if}<ul class="tags">{foreach from=$sections.s6.tags item=t}<li>{$t|escape}</li>{/foreach}</ul>
<p class="meta">Updated by {$sections.s6.author|escape} · {$sections.s6.views|escape} views</p>
</section>
<section id="s7" class="card">
<h2>{$sections.s7.title|escape}</h2>
<p class="lead">{$sections.s7.lead|escape}</p>
<p>Adipiscing tempor quis minim tempor sit eiusmod ea sit consectetur sed nostrud lorem nostrud lorem consequat magna consequat ad ut ullamco do incididunt veniam ullamco aliqua exercitation incididunt ad sed dolor ut elit exercitation consectetur tempor sit tempor ea ex.</p>
<p>Enim nostrud aliquip lorem adipiscing elit labore et consectetur et incididunt lorem lorem minim labore eiusmod ipsum labore ullamco aliquip aliqua nostrud consequat commodo tempor aliquip laboris laboris ea quis.</p>
{if $sections.s7.featured}<p class="badge">Featured</p>{else}<p class="badge muted">Standard</p>{/if}<ul class="tags">{foreach from=$sections.s7.tags item=t}<li>{$t|escape}</li>{/foreach}</ul>
<p class="meta">Updated by {$sections.s7.author|escape} · {$sections.s7.views|escape} views</p>
</section>
<section id="s8" class="card">
<h2>{$sections.s8.title|escape}</h2>
<p class="lead">{$sections.s8.lead|escape}</p>
<p>Quis eiusmod eiusmod laboris tempor exercitation dolor enim enim sed et veniam ex eiusmod lorem enim dolore ipsum ipsum ut adipiscing quis nostrud laboris ullamco ullamco magna ea ex magna commodo ea tempor ex laboris dolore ut do dolore commodo.</p>
<p>Nostrud tempor exercitation exercitation minim nostrud minim laboris dolor ullamco ea adipiscing ut exercitation ullamco magna labore commodo consequat consectetur veniam elit enim et aliqua ut quis ad nisi sit.</p>
{if $sections.s8.featured}<p class="badge">Featured</p>{else}<p class="badge muted">Standard</p>{/if}<ul class="tags">{foreach from=$sections.s8.tags item=t}<li>{$t|escape}</li>{/foreach}</ul>
<p class="meta">Updated by {$sections.s8.author|escape} · {$sections.s8.views|escape} views</p>
</section>
<section id="s9" class="card">
<h2>{$sections.s9.title|escape}</h2>
<p class="lead">{$sections.s9.lead|escape}</p>
<p>Adipiscing aliquip dolor laboris eiusmod minim tempor laboris elit amet et ad sit consequat dolor minim magna consectetur laboris ea veniam ipsum adipiscing enim elit eiusmod labore consectetur sit dolore quis commodo veniam veniam et tempor dolor eiusmod enim minim.</p>
<p>Ex dolor sed dolor dolore nostrud ea dolor ullamco commodo et aliquip nisi et ipsum sed laboris amet incididunt ullamco quis ut magna ullamco quis veniam do adipiscing commodo nisi.</p>
{if $sections.s9.featured}<p class="badge">Featured</p>{else}<p class="badge muted">Standard</p>{/if}<ul class="tags">{foreach from=$sections.s9.tags item=t}<li>{$t|escape}</li>{/foreach}</ul>
<p class="meta">Updated by {$sections.s9.author|escape} · {$sections.s9.views|escape} views</p>
</section>
<section id="s10" class="card">
<h2>{$sections.s10.title|escape}</h2>
<p class="lead">{$sections.s10.lead|escape}</p>
<p>Incididunt dolore minim nisi sit ipsum sed ex nisi commodo ullamco et tempor incididunt sit dolore adipiscing sit tempor aliqua sed minim commodo consequat dolor ea nisi nostrud aliquip et ullamco ea nisi tempor amet ut dolor lorem ullamco dolor.</p>
<p>Elit labore sed ea nostrud incididunt consequat eiusmod sed ad magna commodo laboris ipsum aliquip commodo laboris lorem et elit magna ipsum consectetur nisi amet amet aliqua ex et aliquip.</p>
{if $sections.s10.featured}<p class="badge">Featured</p>{else}<p class="badge muted">Standard</p>{/if}<ul class="tags">{foreach from=$sections.s10.tags item=t}<li>{$t|escape}</li>{/foreach}</ul>
<p class="meta">Updated by {$sections.s10.author|escape} · {$sections.s10.views|escape} views</p>
</section>
<section id="s11" class="card">
<h2>{$sections.s11.title|escape}</h2>
<p class="lead">{$sections.s11.lead|escape}</p>
<p>Ea tempor lorem ipsum et commodo aliquip dolore magna nostrud ullamco ut dolor veniam consectetur amet dolore enim lorem sed consequat enim ullamco aliquip veniam labore nisi et ullamco ut dolor nisi amet amet elit elit laboris lorem aliqua tempor.</p>
<p>Enim sit dolor ipsum exercitation do do veniam enim do et ut consectetur ea eiusmod ullamco et veniam aliquip aliquip eiusmod exercitation enim veniam consequat laboris minim incididunt lorem laboris.</p>
{if $sections.s11.featured}<p class="badge">Featured</p>{else}<p class="badge muted">Standard</p>{/if}<ul class="tags">{foreach from=$sections.s11.tags item=t}<li>{$t|escape}</li>{/foreach}</ul>
<p class="meta">Updated by {$sections.s11.author|escape} · {$sections.s11.views|escape} views</p>
</section>
<section id="s12" class="card">
<h2>{$sections.s12.title|escape}</h2>
<p class="lead">{$sections.s12.lead|escape}</p>
<p>Ex laboris do ad magna sed incididunt labore commodo ea aliqua exercitation incididunt enim sit adipiscing quis tempor enim nostrud adipiscing nostrud ipsum consequat magna incididunt enim exercitation ut veniam et adipiscing incididunt et sit adipiscing ad nostrud tempor sit.</p>
<p>Ullamco commodo amet enim amet exercitation consectetur nisi incididunt consequat et enim eiusmod dolore minim aliqua ex amet amet incididunt amet dolor ut lorem ad commodo ad consequat ipsum veniam.</p>
{if $sections.s12.featured}<p class="badge">Featured</p>{else}<p class="badge muted">Standard</p>{/if}<ul class="tags">{foreach from=$sections.s12.tags item=t}<li>{$t|escape}</li>{/foreach}</ul>
<p class="meta">Updated by {$sections.s12.author|escape} · {$sections.s12.views|escape} views</p>
</section>
<section id="s13" class="card">
<h2>{$sections.s13.title|escape}</h2>
<p class="lead">{$sections.s13.lead|escape}</p>
<p>Do ex nostrud ipsum consectetur consequat exercitation nostrud laboris labore ea veniam labore ad exercitation minim sit commodo aliquip ex do quis ea et et labore dolore ad tempor magna ea consectetur enim dolor incididunt aliqua aliqua consequat ullamco ullamco.</p>
<p>Quis et ullamco ex dolore consectetur do aliquip enim ullamco commodo et eiusmod labore ad lorem dolore minim consectetur eiusmod enim dolor aliqua aliqua amet adipiscing ad exercitation sed labore.</p>
{if $sections.s13.featured}<p class="badge">Featured</p>{else}<p class="badge muted">Standard</p>{/if}<ul class="tags">{foreach from=$sections.s13.tags item=t}<li>{$t|escape}</li>{/foreach}</ul>
<p class="meta">Updated by {$sections.s13.author|escape} · {$sections.s13.views|escape} views</p>
</section>
<section id="s14" class="card">
<h2>{$sections.s14.title|escape}</h2>
<p class="lead">{$sections.s14.lead|escape}</p>
<p>Nostrud sit incididunt do quis ex aliqua magna adipiscing aliqua laboris eiusmod commodo enim sed aliqua ex ea consequat exercitation sit ut exercitation laboris elit ipsum laboris do consectetur magna amet aliquip eiusmod ad laboris quis nostrud elit labore nisi.</p>
<p>Ex eiusmod tempor veniam ipsum enim ea tempor enim sed exercitation sed adipiscing consectetur eiusmod quis magna magna elit exercitation laboris et adipiscing tempor magna nostrud amet enim commodo magna.</p>
{if $sections.s14.featured}<p class="badge">Featured</p>{else}<p class="badge muted">Standard</p>{/if}<ul class="tags">{foreach from=$sections.s14.tags item=t}<li>{$t|escape}</li>{/foreach}</ul>
<p class="meta">Updated by {$sections.s14.author|escape} · {$sections.s14.views|escape} views</p>
</section>
<section id="s15" class="card">
<h2>{$sections.s15.title|escape}</h2>
<p class="lead">{$sections.s15.lead|escape}</p>
<p>Enim ea ad ex ullamco sit lorem ea veniam do consequat amet commodo ea commodo consectetur sit labore exercitation magna aliqua dolore magna veniam exercitation exercitation exercitation aliqua ut eiusmod consequat magna sit nisi consequat do incididunt dolor magna et.</p>
<p>Elit minim ut consequat et veniam ea dolor magna eiusmod ipsum ex dolor nostrud adipiscing minim ipsum commodo ut adipiscing eiusmod enim sed adipiscing lorem amet ullamco aliquip tempor aliquip.</p>
{if $sections.s15.featured}<p class="badge">Featured</p>{else}<p class="badge muted">Standard</p>{/if}<ul class="tags">{foreach from=$sections.s15.tags item=t}<li>{$t|escape}</li>{/foreach}</ul>
<p class="meta">Updated by {$sections.s15.author|escape} · {$sections.s15.views|escape} views</p>
</section>
<section id="s16" class="card">
<h2>{$sections.s16.title|escape}</h2>
<p class="lead">{$sections.s16.lead|escape}</p>
<p>Aliquip nostrud elit minim lorem sit magna do elit do ullamco elit ullamco adipiscing ad tempor nostrud aliqua nisi elit labore labore adipiscing aliquip minim exercitation aliqua lorem commodo exercitation eiusmod minim ullamco eiusmod do adipiscing dolore ea ex elit.</p>
<p>Aliqua ad et incididunt eiusmod nisi enim ea nostrud magna ad amet nostrud laboris commodo ullamco exercitation enim consectetur consequat minim dolore exercitation consectetur adipiscing tempor sed ad nostrud veniam.</p>
{if $sections.s16.featured}<p class="badge">Featured</p>{else}<p class="badge muted">Standard</p>{/if}<ul class="tags">{foreach from=$sections.s16.tags item=t}<li>{$t|escape}</li>{/foreach}</ul>
<p class="meta">Updated by {$sections.s16.author|escape} · {$sections.s16.views|escape} views</p>
</section>
<section id="s17" class="card">
<h2>{$sections.s17.title|escape}</h2>
<p class="lead">{$sections.s17.lead|escape}</p>
<p>Veniam dolore et lorem sed consectetur lorem amet aliqua elit sit magna enim aliqua sed do adipiscing laboris tempor tempor lorem ut labore aliquip aliquip ea magna ad ut ullamco elit ut ad ipsum nostrud ad minim elit lorem elit.</p>
<p>Dolore amet laboris enim do dolor sit consectetur amet nostrud exercitation ex amet amet et ipsum ullamco et et exercitation consectetur ut dolore sed ullamco labore nostrud veniam et ipsum.</p>
{if $sections.s17.featured}<p class="badge">Featured</p>{else}<p class="badge muted">Standard</p>{/if}<ul class="tags">{foreach from=$sections.s17.tags item=t}<li>{$t|escape}</li>{/foreach}</ul>
<p class="meta">Updated by {$sections.s17.author|escape} · {$sections.s17.views|escape} views</p>
</section>
<section id="s18" class="card">
<h2>{$sections.s18.title|escape}</h2>
<p class="lead">{$sections.s18.lead|escape}</p>
<p>Sed nostrud dolore et nostrud quis consectetur enim nostrud elit veniam amet aliqua ea nostrud consectetur veniam eiusmod nostrud minim et minim dolor labore incididunt adipiscing aliqua adipiscing lorem commodo aliquip adipiscing exercitation exercitation consectetur do aliqua eiusmod ex ea.</p>
<p>Ipsum labore incididunt do exercitation amet dolore ea lorem amet aliqua incididunt do ullamco dolore sed aliquip consectetur incididunt sed elit exercitation do ea ex ex et elit minim eiusmod.</p>
{if $sections.s18.featured}<p class="badge">Featured</p>{else}<p class="badge muted">Standard</p>{/if}<ul class="tags">{foreach from=$sections.s18.tags item=t}<li>{$t|escape}</li>{/foreach}</ul>
<p class="meta">Updated by {$sections.s18.author|escape} · {$sections.s18.views|escape} views</p>
</section>
<section id="s19" class="card">
<h2>{$sections.s19.title|escape}</h2>
<p class="lead">{$sections.s19.lead|escape}</p>
<p>Magna consequat sit enim aliquip sit enim eiusmod amet enim nisi ut veniam consequat dolore sit nostrud et nisi commodo do ex enim nostrud consequat eiusmod ipsum quis ullamco tempor consequat adipiscing ipsum ipsum consectetur nostrud tempor ad amet exercitation.</p>
<p>Laboris sit amet exercitation et ad consectetur ea nisi sit exercitation exercitation lorem ea exercitation labore lorem elit do elit magna labore aliqua ad eiusmod magna enim ex sed nostrud.</p>
{if $sections.s19.featured}<p class="badge">Featured</p>{else}<p class="badge muted">Standard</p>{/if}<ul class="tags">{foreach from=$sections.s19.tags item=t}<li>{$t|escape}</li>{/foreach}</ul>
<p class="meta">Updated by {$sections.s19.author|escape} · {$sections.s19.views|escape} views</p>
</section>
<section id="s20" class="card">
<h2>{$sections.s20.title|escape}</h2>
<p class="lead">{$sections.s20.lead|escape}</p>
<p>Ex consectetur ad ipsum aliquip incididunt lorem tempor exercitation ad ex consectetur amet tempor nostrud aliquip ut ea aliqua consectetur eiusmod labore aliqua aliqua enim incididunt aliqua ex ullamco sed ipsum consequat labore sit enim aliquip elit tempor exercitation lorem.</p>
<p>Commodo dolor elit amet dolore ipsum veniam sit amet consectetur incididunt minim aliqua consequat sed ipsum nisi dolor amet ad magna adipiscing enim dolore ea minim ad consequat eiusmod ullamco.</p>
{if $sections.s20.featured}<p class="badge">Featured</p>{else}<p class="badge muted">Standard</p>{/if}<ul class="tags">{foreach from=$sections.s20.tags item=t}<li>{$t|escape}</li>{/foreach}</ul>
<p class="meta">Updated by {$sections.s20.author|escape} · {$sections.s20.views|escape} views</p>
</section>
<section id="s21" class="card">
<h2>{$sections.s21.title|escape}</h2>
<p class="lead">{$sections.s21.lead|escape}</p>
<p>Consectetur lorem et nostrud minim et ipsum minim ipsum adipiscing nostrud consequat eiusmod aliqua ullamco minim ad veniam do ut labore enim magna ut lorem aliqua consectetur incididunt enim minim nostrud sed quis ut sed dolore ex amet sed consectetur.</p>
<p>Ipsum minim eiusmod nisi elit nisi consequat adipiscing eiusmod ad sit commodo aliquip consectetur veniam ut nostrud quis dolore aliqua ut exercitation aliqua tempor ad commodo labore sed exercitation magna.</p>
{if $sections.s21.featured}<p class="badge">Featured</p>{else}<p class="badge muted">Standard</p>{/if}<ul class="tags">{foreach from=$sections.s21.tags item=t}<li>{$t|escape}</li>{/foreach}</ul>
<p class="meta">Updated by {$sections.s21.author|escape} · {$sections.s21.views|escape} views</p>
</section>
<section id="s22" class="card">
<h2>{$sections.s22.title|escape}</h2>
<p class="lead">{$sections.s22.lead|escape}</p>
<p>Do nostrud veniam magna incididunt aliqua amet dolore laboris quis minim elit laboris ut nisi minim ut exercitation consectetur laboris aliquip aliquip incididunt sit dolor consequat labore adipiscing incididunt eiusmod tempor amet aliqua ad consectetur dolore dolore ut nostrud sed.</p>
<p>Ullamco nostrud labore sed commodo lorem nisi consectetur enim ut dolor incididunt aliqua labore ullamco ad eiusmod nostrud incididunt ullamco ex veniam nostrud consequat aliquip do incididunt tempor sed eiusmod.</p>
{if $sections.s22.featured}<p class="badge">Featured</p>{else}<p class="badge muted">Standard</p>{/if}<ul class="tags">{foreach from=$sections.s22.tags item=t}<li>{$t|escape}</li>{/foreach}</ul>
<p class="meta">Updated by {$sections.s22.author|escape} · {$sections.s22.views|escape} views</p>
</section>
</main>
<footer>{$footer|escape}</footer>
</body>
</html>