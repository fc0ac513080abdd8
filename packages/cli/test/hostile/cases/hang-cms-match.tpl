{* hostile: a catastrophic pattern in cms_match *}
{* expect-output: [0|[]] *}
{cms_match pattern="/(\w+\s?)*$/" subject="aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!" var=m}[{$m|@count}|{$m|@json_encode}]