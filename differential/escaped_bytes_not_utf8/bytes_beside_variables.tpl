{"\xE3$a\x80"|escape:"url"} {"[\xE9`$a`]"|strlen}
