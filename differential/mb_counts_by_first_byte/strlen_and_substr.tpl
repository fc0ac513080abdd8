{"x\xE3yz"|mb_strlen} {"\xF0ab"|mb_strlen} {"\xC0a"|mb_strlen} {"\xE3あb"|mb_strlen}
{"x\xE3yz"|mb_substr:1:1|escape:"url"} [{"x\xE3yz"|mb_substr:2}] {"\xF0abcde"|mb_substr:1|escape:"url"} {"\xE3あb"|mb_substr:0:1|escape:"url"} {"\xE3あb"|mb_substr:-2:1|escape:"url"} {"é\xC3"|mb_substr:-1|escape:"url"}
{$s|substr:0:1|cat:"yz"|mb_strlen} {$s|substr:1|mb_strlen}
