/**
 * The Site files pane: the in-memory example site as a tree, with a text editor for one file.
 * Saving, deleting and creating go to the render worker at once; the next render sees them.
 * The page keeps the site's files (worker-client.ts), so what is shown survives a worker restart.
 */
import type { RenderWorker } from './worker-client';

const decoder = new TextDecoder('utf-8', { fatal: true });
const encoder = new TextEncoder();

function $(id: string): HTMLElement {
  const el = document.getElementById(id);
  if (!el) throw new Error(`playground: #${id} is missing`);
  return el;
}

function size(n: number): string {
  return n < 1024 ? `${n} B` : `${(n / 1024).toFixed(1)} KiB`;
}

/** text of a file, or null when it is not UTF-8 (an image, an archive) */
function textOf(data: Uint8Array): string | null {
  try {
    return decoder.decode(data);
  } catch {
    return null;
  }
}

export function filesPane(client: RenderWorker, onEdited: () => void): { refresh(): void } {
  const tree = $('pg-tree');
  const pathEl = $('pg-file-path');
  const text = $('pg-file-text') as HTMLTextAreaElement;
  const save = $('pg-file-save') as HTMLButtonElement;
  const remove = $('pg-file-delete') as HTMLButtonElement;
  const status = $('pg-file-status');
  const newForm = $('pg-file-new') as HTMLFormElement;
  const newPath = $('pg-file-new-path') as HTMLInputElement;
  let open: string | null = null;
  let dirty = false;

  const say = (message: string) => {
    status.textContent = message;
  };

  function show(path: string | null): void {
    open = path;
    dirty = false;
    const file = path ? client.files()[path] : undefined;
    pathEl.textContent = path ?? '(choose a file)';
    const content = file ? textOf(file.data) : null;
    text.value = file ? (content ?? `(binary, ${size(file.data.length)}: not editable here)`) : '';
    text.disabled = !file || content === null;
    save.disabled = true;
    remove.disabled = !file;
    for (const b of tree.querySelectorAll('button'))
      b.setAttribute('aria-current', String(b.dataset.path === path));
  }

  function refresh(): void {
    const files = client.files();
    const paths = Object.keys(files).sort();
    tree.replaceChildren();
    let shownDirs: string[] = [];
    for (const path of paths) {
      const parts = path.split('/');
      // the folders this path opens that the previous one did not
      parts.slice(0, -1).forEach((dir, depth) => {
        if (shownDirs[depth] === dir) return;
        shownDirs = [...shownDirs.slice(0, depth), dir];
        const li = document.createElement('li');
        li.className = 'pg-dir';
        li.style.paddingLeft = `${depth}rem`;
        li.textContent = `${dir}/`;
        tree.append(li);
      });
      shownDirs = shownDirs.slice(0, parts.length - 1);
      const li = document.createElement('li');
      li.style.paddingLeft = `${parts.length - 1}rem`;
      const btn = document.createElement('button');
      btn.type = 'button';
      btn.dataset.path = path;
      btn.textContent = parts.at(-1) ?? path;
      btn.title = `/${path}`;
      btn.addEventListener('click', () => show(path));
      const sz = document.createElement('span');
      sz.className = 'pg-size';
      sz.textContent = ` ${size(files[path]?.data.length ?? 0)}`;
      li.append(btn, sz);
      tree.append(li);
    }
    // a render may have changed or removed the open file: show it as it is now, unless edited
    if (open && !dirty) show(files[open] ? open : null);
    else
      for (const b of tree.querySelectorAll('button'))
        b.setAttribute('aria-current', String(b.dataset.path === open));
  }

  text.addEventListener('input', () => {
    dirty = true;
    save.disabled = false;
  });
  save.addEventListener('click', () => {
    if (!open) return;
    client.writeFile(open, encoder.encode(text.value));
    say(`saved ${open}`);
    dirty = false;
    save.disabled = true;
    refresh();
    onEdited();
  });
  remove.addEventListener('click', () => {
    if (!open) return;
    const path = open;
    client.removeFile(path);
    say(`deleted ${path}`);
    show(null);
    refresh();
    onEdited();
  });
  newForm.addEventListener('submit', (event) => {
    event.preventDefault();
    const path = newPath.value.trim().replace(/^\/+/, '');
    if (!path || path.endsWith('/') || path.split('/').some((p) => p === '..' || p === '.')) {
      say('give a site-relative file path, e.g. files/user/new.txt');
      return;
    }
    if (!client.files()[path]) client.writeFile(path, new Uint8Array());
    newPath.value = '';
    refresh();
    show(path);
    text.focus();
    say(`created ${path}`);
    onEdited();
  });
  return { refresh };
}
