{* hostile: a catastrophic pattern in regex_replace: PHP stops at pcre.backtrack_limit and gives null *}
{* expect-output: [] *}
[{"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab"|regex_replace:"/(a+)+$/":"x"}]