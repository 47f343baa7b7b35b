/* global document */
// The browsable API reference: reads /api/docs/json and lists every operation by tag. Built with
// DOM nodes and textContent only (no HTML from the document is ever parsed).
const el = (tag, text, className) => {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
};
const json = (value) => el('pre', JSON.stringify(value, null, 2));
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

function operation(path, method, op) {
  const box = el('details');
  box.dataset.search = `${method} ${path} ${op.summary ?? ''}`.toLowerCase();
  const summary = el('summary');
  summary.append(el('span', method.toUpperCase(), 'method'), el('span', path));
  if (op.summary) summary.append(el('span', op.summary, 'summary'));
  box.append(summary);
  if (op.parameters?.length) box.append(el('h3', 'Parameters'), json(op.parameters));
  const body = op.requestBody?.content;
  if (body) {
    for (const [type, content] of Object.entries(body))
      box.append(el('h3', `Request body (${type})`), json(content.schema ?? {}));
  }
  for (const [status, answer] of Object.entries(op.responses ?? {})) {
    box.append(el('h3', `${status} — ${answer.description ?? ''}`));
    for (const [type, content] of Object.entries(answer.content ?? {}))
      box.append(el('p', type), json(content.schema ?? {}));
  }
  return box;
}

async function main() {
  const root = document.getElementById('operations');
  const doc = await (await fetch('/api/docs/json')).json();
  const byTag = new Map();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? path.split('/')[2] ?? 'api';
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag).push(operation(path, method, op));
    }
  }
  root.replaceChildren();
  for (const [tag, items] of [...byTag].sort(([a], [b]) => a.localeCompare(b))) {
    const section = el('section');
    section.append(el('h2', tag), ...items);
    root.append(section);
  }
  const filter = document.getElementById('filter');
  filter.addEventListener('input', () => {
    const q = filter.value.trim().toLowerCase();
    for (const box of root.querySelectorAll('details'))
      box.hidden = q !== '' && !box.dataset.search.includes(q);
  });
}

main().catch((error) => {
  document.getElementById('operations').textContent = `Could not load the document: ${error}`;
});
