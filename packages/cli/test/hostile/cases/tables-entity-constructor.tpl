{* hostile: &constructor; is not an entity (no prototype lookups) *}
{* expect-output: a&constructor;b|&constructor; *}
{"a&constructor;b"|htmlspecialchars_decode}|{"&constructor;"|html_entity_decode}