{","|implode:$columns}
{foreach from=$members item=m}{$m.member_id|escapeCSV},{$m.name|escapeCSV},{$m.email|escapeCSV},{$m.zip|escapeCSV},{$m.address|escapeCSV},{$m.points|escapeCSV},{"/"|implode:$m.tags|escapeCSV},{$m.note|escapeCSV}
{/foreach}
