<!DOCTYPE html>
<html lang="{$lang}">
<head><meta charset="utf-8"><title>{$title|escape}</title></head>
<body>
<header><h1>{$site|escape}</h1>{if $user}<p class="user">Hello, {$user.name|escape} ({$user.unread} unread)</p>{/if}</header>
<nav>{foreach from=$nav item=n}<a href="{$n.url}">{$n.label|escape}</a> {/foreach}</nav>
<main><p>{$body|escape}</p></main>
<footer>&copy; {$year} {$site|escape}</footer>
</body>
</html>