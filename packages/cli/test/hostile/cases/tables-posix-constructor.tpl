{* hostile: [[:constructor:]] is an unknown POSIX class: PHP warns and regex_replace gives null *}
{* expect-output: [] *}
[{"abc"|regex_replace:"/[[:constructor:]]/":"x"}]