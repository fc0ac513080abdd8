/**
 * A stand-in for the CMS's file manager: a modal list of example paths. A site passes its real picker as
 * `fileManager`; this one shows the contract (resolve a path, or null when cancelled).
 */
import type { FileManager } from '@sumi/json-schema-form';

export const EXAMPLE_FILES = [
  '/files/user/images/spring.jpg',
  '/files/user/images/team.jpg',
  '/files/user/staff/aoi.png',
  '/files/user/staff/ren.png',
  '/files/user/docs/catalogue-2024.pdf',
  '/files/user/docs/price-list.xlsx',
];

const TEXTS = {
  en: { title: (t: string) => `Choose a file for ${t}`, cancel: 'Cancel' },
  ja: { title: (t: string) => `${t}のファイルを選択`, cancel: 'キャンセル' },
};

/** A FileManager that opens `dialog` (an empty <dialog> of the page) with the example files. */
export function exampleFileManager(dialog: HTMLDialogElement): FileManager {
  return ({ value, title, locale }) =>
    new Promise((resolve) => {
      const t = TEXTS[locale];
      const heading = document.createElement('h2');
      heading.id = 'fp-files-title';
      heading.textContent = t.title(title);
      const list = document.createElement('ul');
      for (const path of EXAMPLE_FILES) {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = path;
        if (path === value) button.setAttribute('aria-current', 'true');
        button.addEventListener('click', () => dialog.close(path));
        const li = document.createElement('li');
        li.append(button);
        list.append(li);
      }
      const cancel = document.createElement('button');
      cancel.type = 'button';
      cancel.className = 'fp-cancel';
      cancel.textContent = t.cancel;
      cancel.addEventListener('click', () => dialog.close(''));
      dialog.setAttribute('aria-labelledby', heading.id);
      dialog.replaceChildren(heading, list, cancel);
      dialog.returnValue = '';
      dialog.addEventListener('close', () => resolve(dialog.returnValue || null), { once: true });
      dialog.showModal();
      (list.querySelector<HTMLElement>('[aria-current]') ?? list.querySelector('button'))?.focus();
    });
}
