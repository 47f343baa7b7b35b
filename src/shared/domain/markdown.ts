/**
 * The small Markdown the business writes its pages in (content/pages/*.md, issue 38): `## ` and
 * `### ` headings, paragraphs, `- ` lists, **bold** and [links](https://…). Parsed into blocks
 * that React draws as elements — never HTML from a string — so nothing in a file can run as
 * script. Anything else is kept as plain text. `{{name}}` placeholders are filled before parsing.
 */
export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; text: string }
  | { kind: 'link'; text: string; href: string };

export type Block =
  | { kind: 'heading'; level: 2 | 3; text: string }
  | { kind: 'paragraph'; inlines: Inline[] }
  | { kind: 'list'; items: Inline[][] };

/** Links may go to a page of the site, a web address, an email or a phone number. */
const SAFE_HREF = /^(\/(?!\/)|https:\/\/|http:\/\/|mailto:|tel:)/i;

export function parseInlines(text: string): Inline[] {
  const out: Inline[] = [];
  const pattern = /\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) out.push({ kind: 'text', text: text.slice(last, match.index) });
    if (match[1] !== undefined) out.push({ kind: 'strong', text: match[1] });
    else if (SAFE_HREF.test(match[3]!))
      out.push({ kind: 'link', text: match[2]!, href: match[3]! });
    else out.push({ kind: 'text', text: match[2]! });
    last = match.index + match[0].length;
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) });
  return out;
}

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: string[] | null = null;
  const flush = () => {
    if (paragraph.length)
      blocks.push({ kind: 'paragraph', inlines: parseInlines(paragraph.join(' ')) });
    paragraph = [];
    if (list) blocks.push({ kind: 'list', items: list.map(parseInlines) });
    list = null;
  };
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const heading = /^(#{2,3})\s+(.+)$/.exec(line);
    const item = /^[-*]\s+(.+)$/.exec(line);
    if (line === '' || line.startsWith('<!--')) flush();
    else if (heading) {
      flush();
      blocks.push({ kind: 'heading', level: heading[1]!.length as 2 | 3, text: heading[2]! });
    } else if (item) {
      if (paragraph.length) flush();
      (list ??= []).push(item[1]!);
    } else if (list && /^\s{2,}/.test(raw)) {
      list[list.length - 1] += ` ${line}`;
    } else {
      if (list) flush();
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

/** Fills `{{name}}` from values; an unknown name throws (a typo in a page must not ship). */
export function fillPlaceholders(source: string, values: Record<string, string>): string {
  return source.replace(/\{\{\s*([a-zA-Z]+)\s*\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`unknown placeholder {{${name}}}`);
    return value;
  });
}
