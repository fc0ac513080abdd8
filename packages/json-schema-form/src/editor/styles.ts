// The editor's own CSS. It lives in the editor's shadow roots, so it never reaches the page and the
// page's CSS never reaches the editing area (CKEditor 4 kept its content in an iframe for the same reason).

/** The chrome: frame, toolbar, pickers and the link form. */
export const chromeCss = `
:host { display: block; }
.frame { border: 1px solid #8a8f98; border-radius: 4px; background: #fff; color: #1b1d21; font: 14px/1.4 system-ui, sans-serif; box-sizing: border-box; max-width: 100%; }
.frame:focus-within { outline: 2px solid #2f6fde; outline-offset: 1px; }
[role=toolbar] { display: flex; flex-wrap: wrap; gap: 2px 8px; padding: 4px; border-bottom: 1px solid #d6d9de; background: #f5f6f8; border-radius: 4px 4px 0 0; }
.group { display: flex; gap: 2px; position: relative; }
button, select { font: inherit; color: inherit; }
.group button { min-width: 28px; height: 28px; border: 1px solid transparent; border-radius: 3px; background: none; cursor: pointer; padding: 0 4px; }
.group button:hover { background: #e4e7eb; }
.group button:focus-visible, select:focus-visible { outline: 2px solid #2f6fde; outline-offset: -1px; }
.group button[aria-pressed=true] { background: #dbe6fb; border-color: #8fb0ef; }
.group button:disabled { opacity: .4; cursor: default; }
.group select { height: 28px; border: 1px solid #c4c8cf; border-radius: 3px; background: #fff; }
.swatch-mark { display: inline-block; width: 14px; height: 4px; vertical-align: bottom; border: 1px solid #0003; }
.palette { position: absolute; top: 30px; left: 0; z-index: 2; display: grid; grid-template-columns: repeat(var(--columns, 6), 22px); gap: 3px; padding: 6px; background: #fff; border: 1px solid #8a8f98; border-radius: 4px; box-shadow: 0 2px 8px #0003; }
.palette[hidden] { display: none; }
.palette .auto { grid-column: 1 / -1; width: auto; }
.palette .swatch { width: 22px; height: 22px; min-width: 0; padding: 0; border: 1px solid #0004; }
.palette .swatch[aria-pressed=true] { outline: 2px solid #1b1d21; outline-offset: 1px; }
.link-form { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; padding: 6px; border-bottom: 1px solid #d6d9de; background: #fbfbfc; }
.link-form[hidden] { display: none; }
.link-form input { flex: 1 1 16em; font: inherit; padding: 3px 6px; }
.surface { display: block; overflow: auto; resize: vertical; min-height: 6em; }
textarea.markdown { display: block; box-sizing: border-box; width: 100%; min-height: 10em; resize: vertical; border: 0; padding: 8px; font: 13px/1.5 ui-monospace, monospace; }
.preview { border-top: 1px solid #d6d9de; padding: 4px 12px; overflow: auto; }
.preview-title { margin: 4px 0 0; font-size: 12px; color: #5b616b; }
`;

/** The editing area: ProseMirror's required rules and readable defaults for the content. */
export const contentCss = `
:host { display: block; height: 100%; }
.mount { position: relative; min-height: 100%; }
.ProseMirror { min-height: 6em; padding: 8px 12px; outline: none; white-space: pre-wrap; word-wrap: break-word; font: 15px/1.6 system-ui, sans-serif; color: #1b1d21; }
.ProseMirror p { margin: 0 0 .6em; }
.ProseMirror blockquote { margin: .6em 0; padding-left: 1em; border-left: 3px solid #c4c8cf; color: #444; }
.ProseMirror pre { background: #f3f4f6; padding: 8px; border-radius: 3px; white-space: pre-wrap; }
.ProseMirror a { color: #1d5bc9; }
.ProseMirror hr { border: 0; border-top: 2px solid #c4c8cf; margin: 1em 0; }
.ProseMirror hr.ProseMirror-selectednode { border-top-color: #2f6fde; }
.ProseMirror-gapcursor { display: none; pointer-events: none; position: absolute; }
.ProseMirror-gapcursor:after { content: ""; display: block; position: absolute; top: -2px; width: 20px; border-top: 1px solid #000; animation: gapcursor-blink 1.1s steps(2, start) infinite; }
@keyframes gapcursor-blink { to { visibility: hidden; } }
.ProseMirror-focused .ProseMirror-gapcursor { display: block; }
.insertion { position: absolute; left: 0; right: 0; height: 0; border-top: 2px dashed #d9534f; pointer-events: none; }
.insertion[hidden] { display: none; }
.insertion button { pointer-events: auto; position: absolute; right: 4px; top: -11px; width: 20px; height: 20px; padding: 0; border: 0; border-radius: 50%; background: #d9534f; color: #fff; font: bold 14px/20px system-ui, sans-serif; cursor: pointer; }
`;
