/**
 * The API log and what the fakes received in one render, as list items: what the CMS's test
 * button cannot show. The fakes record every call and answer from canned responses, so nothing
 * here left the page.
 */
import type { FakeCalls } from './protocol';

function item(kind: string, head: string, body?: string): HTMLLIElement {
  const li = document.createElement('li');
  li.className = `pg-call pg-call-${kind}`;
  const tag = document.createElement('span');
  tag.className = 'pg-sev';
  tag.textContent = kind;
  li.append(tag, ` ${head}`);
  if (body) {
    const pre = document.createElement('pre');
    pre.className = 'pg-frame';
    pre.textContent = body;
    li.append(pre);
  }
  return li;
}

const json = (v: unknown) => JSON.stringify(v, null, 2);

export function showApiLog(list: HTMLElement, calls: FakeCalls): void {
  list.replaceChildren();
  if (!calls.apiLog.length) {
    list.textContent = '(no calls)';
    return;
  }
  for (const c of calls.apiLog) {
    const outcome = c.error ? `failed: ${c.error}` : `→ ${c.status}`;
    list.append(item(c.plugin, `${c.method} ${c.url} ${outcome} (${c.durationMs.toFixed(1)} ms)`));
  }
}

export function showFakeCalls(list: HTMLElement, calls: FakeCalls): void {
  list.replaceChildren();
  for (const m of calls.mail) {
    const head = `would have been sent: from ${m.from} to ${m.to.join(', ')}, “${m.subject}”`;
    list.append(item('mail', head, m.text));
  }
  for (const c of calls.chat)
    list.append(item('chat', `would have been sent: ${c.method} ${c.api}`, json(c.params)));
  for (const c of calls.social)
    list.append(item('social', `would have been sent: ${c.method} ${c.api}`, json(c.params)));
  for (const c of calls.http) {
    const headers = c.headers.map(([k, v]) => `${k}: ${v}`).join('\n');
    const body = [headers, c.body].filter(Boolean).join('\n\n');
    list.append(item('http', `${c.method} ${c.url}`, body || undefined));
  }
  for (const c of calls.cms) {
    const query = c.query.length ? ` ${new URLSearchParams(c.query).toString()}` : '';
    list.append(item('cms', `${c.plugin}: ${c.method} ${c.path}${query}`, c.body ? json(c.body) : undefined));
  }
  if (!list.childElementCount) list.textContent = '(nothing)';
}
