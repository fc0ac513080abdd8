[{$v1|@json_encode:$v0}][{$v1|@json_encode:$v0:320}][{$v1|@json_encode:9223372036854775807}][{$v1|@json_encode:$v0:512}][{$v1|@json_encode:"9223372036854775807"}]
[{$p|pathinfo:9223372036854775807}][{$p|pathinfo:$v0}][{$p|pathinfo:9223372036854775806}][{$p|pathinfo:-9223372036854775807}][{$p|@pathinfo:4294967311|@json_encode}]
[{$h|html_entity_decode:9223372036854775807}][{$h|htmlspecialchars_decode:$v0}][{$m|@rcms_json_encode:$v0}][{$m|@rcms_json_encode:9223372036854775807}]
[{$v1|@json_encode:1e19}][{$v1|@json_encode:4294967552}]
