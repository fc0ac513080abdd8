{* hostile: FILTER_VALIDATE_EMAIL on an 83-byte input a visitor can send *}
{* expect-output: [false] *}
[{"a@a.aa"|cat:"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!"|filter_var:274|json_encode}]