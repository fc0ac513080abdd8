/**
 * {save_file}: saves a value as a new file of the temporary area and tells its path. The catalog
 * says only "value (content), var (receives the saved path)"; Sumi saves where write_file saves
 * without `path`, under a new unique name, so the path feeds put_file, unzip or api `files`.
 */
import { definePlugin, type FunctionPluginDef } from '@sumi/runtime';
import { attempt, failure } from '../failure';
import { siteOf } from '../site';
import { textBytes, uniqueTempPath, writeCounted } from './common';

const NAME = 'save_file';

export const saveFile: FunctionPluginDef = definePlugin({
  kind: 'function',
  name: NAME,
  group: 'Files and storage',
  async: true,
  description:
    'Saves `value` as a new file of the temporary area (`$smarty.const.TEMP_DIR2`) under a unique name, `sumi_<8 hex digits>`, and puts its path relative to the temporary area in `var`. The bytes are written as they are (binary-safe: what base64_decode gives is saved exactly).',
  attributes: {
    value: {
      type: 'string',
      default: '',
      description:
        'the content, written as it is (an array is PHP\'s "Array", with its warning: use write_file for CSV rows)',
    },
    var: {
      type: 'varname',
      description:
        "receives the saved file's path relative to the temporary area (`sumi_1a2b3c4d`), false on failure",
    },
  },
  writes: 'var',
  result:
    "`var` gets the new file's path relative to the temporary area, which put_file `tmp_path` accepts; false on failure. Nothing is printed.",
  errors: [
    'no `var` (the file could not be found again): IO_MISSING_ATTRIBUTE, nothing written',
    'the disk fails: IO_ERROR, `var` false',
    'every failure is logged at error level with its code; the render goes on',
  ],
  limits: ['the bytes count against limits.maxFileBytes before they are written (LIMIT_COST)'],
  examples: [
    {
      description: 'saved, then put in the file manager',
      template:
        '{save_file value="hello" var=p}{put_file tmp_path=$p path="/files/user/hello.txt" status_var=ok}' +
        '{get_file path="/files/user/hello.txt" save=false var=c}{$ok} {$c}',
      output: '1 hello',
    },
  ],
  async run(ctx, a) {
    let saved = '';
    const ok = await attempt(ctx, NAME, async () => {
      const site = siteOf(ctx);
      if (!a.var) throw failure('IO_MISSING_ATTRIBUTE', `${NAME}: 'var' is needed to receive the saved path`);
      const data = textBytes(ctx, a.value);
      const p = await uniqueTempPath(ctx, site);
      await writeCounted(ctx, site, p.path, data);
      saved = p.sub;
    });
    if (a.var) ctx.assign(a.var, ok ? saved : false);
  },
});
