[{"Y-m-d H:i:s"|@mb_substr:$min|@json_encode}][{"abc"|mb_substr:$min1}][{"abc"|mb_substr:0:$min|@json_encode}][{"abc"|mb_substr:1:$min1}|{"abc"|mb_substr:$max}|{"abc"|mb_substr:-9223372036854775807:2}][{"abc"|mb_substr:-9223372036854775808:1:"bogus"|@json_encode}][{"日本語"|mb_substr:1:9223372036854775807}]
[{$k|mb_substr:-9223372036854775808|floor|@json_encode}]
