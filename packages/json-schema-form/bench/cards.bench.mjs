// 1,000 cards in Debian's Chromium: render, move card 500 up, add one at the end, type into a card once
// every field shows its errors, and the longest main-thread task of each (PerformanceObserver 'longtask').
// Each step is timed from the action to the next painted frame (the initial render: to the frame that
// shows the last card, as long arrays draw in batches), so layout and paint count.
//   node bench/cards.bench.mjs [--runs 5] [--cards 1000]    (pnpm --filter @sumi/json-schema-form bench)
import { parseArgs } from 'node:util';
import { bundlePage, launchChromium } from '../test/browser/page.mjs';

const { values: args } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, cards: { type: 'string', default: '1000' } },
});
const runs = Number(args.runs);
const count = Number(args.cards);

/** The page's side: one run of every step, each resolved after the frame that shows it. */
const pageEntry = `
import { createForm } from './src/index.ts';
const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r)));
let longest = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) longest = Math.max(longest, e.duration);
}).observe({ type: 'longtask' });
/** Times \`action\` to the next painted frame, and (with \`done\`) to the frame where \`done()\` holds. */
async function step(action, done) {
  await frame();
  longest = 0;
  const t0 = performance.now();
  const result = action();
  await frame();
  const first = performance.now() - t0;
  while (done && !done()) await frame();
  const ms = performance.now() - t0;
  await frame(); // a long task is reported a little after it ends
  return { first, ms, longTask: longest, ...result };
}
const schema = {
  type: 'object',
  properties: {
    rows: {
      type: 'array', title: 'Rows',
      items: {
        type: 'object', required: ['tags'],
        properties: {
          name: { type: 'string', title: 'Name', minLength: 1 },
          kind: { type: 'string', title: 'Kind', enum: ['news', 'blog', 'event'], enumNames: ['News', 'Blog', 'Event'] },
          day: { type: 'string', title: 'Day', format: 'date' },
          at: { type: ['string', 'null'], title: 'At', format: 'date-time' },
          score: { type: 'integer', title: 'Score', minimum: 0, maximum: 100 },
          note: { type: 'string', title: 'Note', format: 'textarea', rows: 2 },
          tags: { type: 'array', title: 'Tags', items: { type: 'string' } },
          done: { type: 'boolean', title: 'Done' },
        },
      },
    },
  },
};
window.run = async (n) => {
  const host = document.getElementById('host');
  host.replaceChildren();
  const rows = Array.from({ length: n }, (_, i) => ({
    name: 'Row ' + (i + 1), kind: ['news', 'blog', 'event'][i % 3], day: '2024-05-01',
    at: '2024-05-01T10:30:00+09:00', score: i % 100, note: 'note ' + i, tags: ['a', 'b'], done: i % 2 === 0,
  }));
  let form;
  const out = {};
  out.render = await step(
    () => {
      form = createForm(host, { schema, value: { rows }, locale: 'en', timezone: 'Asia/Tokyo', validator: 'strict-csp' });
    },
    () => host.querySelectorAll('.sjf-card').length === n,
  );
  const list = host.querySelector('.sjf-list');
  let added = 0;
  const observer = new MutationObserver((ms) => { for (const m of ms) added += m.addedNodes.length; });
  observer.observe(host, { childList: true, subtree: true });
  const button = (label) => host.querySelector('[aria-label="' + label + '"]');
  out.reorder = await step(() => {
    added = 0;
    button('Move item 500 of Rows up').click();
    return {};
  });
  out.reorder.nodesInserted = added;
  out.reorder.ok = list.children[498].querySelector('input').value === 'Row 500';
  out.add = await step(() => {
    added = 0;
    button('Add an item to Rows after item ' + n).click();
    return {};
  });
  out.add.nodesInserted = added;
  observer.disconnect();
  await form.validate(); // every field now shows its errors, as after a submit: each edit re-validates
  const input = list.children[499].querySelector('input');
  out.keystroke = await step(() => {
    input.value += 'x';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    return {};
  });
  await new Promise((r) => setTimeout(r, 50));
  out.cards = list.children.length;
  form.destroy();
  return out;
};
`;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const bundle = await bundlePage(pageEntry);
const browser = await launchChromium();
try {
  const results = [];
  for (let i = 0; i < runs + 1; i++) {
    // a fresh page per run, so one run's garbage is not the next one's pause; run 0 warms up
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.setContent('<!doctype html><meta charset="utf-8"><body><div id="host"></div></body>');
    await page.addScriptTag({ content: bundle, type: 'module' });
    await page.waitForFunction(() => typeof window.run === 'function');
    const r = await page.evaluate((n) => window.run(n), count);
    await page.close();
    if (!r.reorder.ok) throw new Error('the reorder did not move card 500');
    if (r.cards !== count + 1) throw new Error(`expected ${count + 1} cards after the add, got ${r.cards}`);
    if (i > 0) results.push(r);
  }
  const version = browser.version();
  const firstPaint = median(results.map((r) => r.render.first));
  const rowsOut = [
    [
      'render',
      `initial render of ${count.toLocaleString('en')} cards (8 fields each; first cards painted after ${firstPaint.toFixed(1)} ms)`,
    ],
    ['reorder', 'move card 500 up'],
    ['add', `add a card after card ${count.toLocaleString('en')}`],
    ['keystroke', 'one keystroke in card 500 with every error shown (re-validates all)'],
  ];
  const fmt = (x) => x.toFixed(1).padStart(7);
  console.log(
    `Chromium ${version}, ${runs} runs (after one warm-up), medians; ms = action to next painted frame\n`,
  );
  console.log('| step | ms | longest task (ms) | nodes inserted |');
  console.log('| --- | ---: | ---: | ---: |');
  for (const [key, label] of rowsOut) {
    const ms = median(results.map((r) => r[key].ms));
    const lt = median(results.map((r) => r[key].longTask));
    const nodes = results[0][key].nodesInserted;
    console.log(`| ${label} | ${fmt(ms)} | ${lt ? fmt(lt) : '   none'} | ${nodes ?? ''} |`);
  }
} finally {
  await browser.close();
}
