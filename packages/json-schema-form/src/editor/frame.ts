// The editor's outer box, shared by the rich-text and the Markdown mode: an element of its own inside
// the host, with a shadow root holding the chrome's CSS and a frame sized by `width`.

import type { EditorConfig } from './options.js';
import { chromeCss } from './styles.js';

export interface Frame {
  /** Our element in the host; removing it removes everything the editor added. */
  wrapper: HTMLElement;
  frame: HTMLElement;
}

export function createFrame(host: HTMLElement, config: EditorConfig, mode: string): Frame {
  const doc = host.ownerDocument;
  const wrapper = doc.createElement('div');
  wrapper.className = 'sumi-html-editor';
  wrapper.dataset.mode = mode;
  // `resource` is for the host's own upload UI: it can read it here.
  if (config.uploadResource) wrapper.dataset.uploadResource = config.uploadResource;
  const root = wrapper.attachShadow({ mode: 'open' });
  const style = doc.createElement('style');
  style.textContent = chromeCss;
  const frame = doc.createElement('div');
  frame.className = 'frame';
  if (config.width) frame.style.width = config.width;
  root.append(style, frame);
  host.append(wrapper);
  return { wrapper, frame };
}
