import { describe, expect, it } from 'vitest';
import { fillPlaceholders, parseInlines, parseMarkdown } from './markdown.ts';

describe('the pages’ Markdown', () => {
  it('reads headings, paragraphs over several lines, lists and comments', () => {
    const blocks = parseMarkdown(
      '<!-- a note for the editor -->\n## Who we are\nWe rent\nspaces.\n\n- one **bold**\n- two\n  continued\n### Small\nEnd.',
    );
    expect(blocks).toEqual([
      { kind: 'heading', level: 2, text: 'Who we are' },
      { kind: 'paragraph', inlines: [{ kind: 'text', text: 'We rent spaces.' }] },
      {
        kind: 'list',
        items: [
          [
            { kind: 'text', text: 'one ' },
            { kind: 'strong', text: 'bold' },
          ],
          [{ kind: 'text', text: 'two continued' }],
        ],
      },
      { kind: 'heading', level: 3, text: 'Small' },
      { kind: 'paragraph', inlines: [{ kind: 'text', text: 'End.' }] },
    ]);
  });

  it('keeps safe links and turns any other into text', () => {
    expect(parseInlines('[mail](mailto:a@b.sa) [x](javascript:alert(1)) [p](/privacy)')).toEqual([
      { kind: 'link', text: 'mail', href: 'mailto:a@b.sa' },
      { kind: 'text', text: ' ' },
      { kind: 'text', text: 'x' },
      { kind: 'text', text: ') ' },
      { kind: 'link', text: 'p', href: '/privacy' },
    ]);
    expect(parseInlines('[x](//evil.example)')).toEqual([{ kind: 'text', text: 'x' }]);
    // HTML stays text: React draws it as characters
    expect(parseMarkdown('<script>alert(1)</script>')).toEqual([
      { kind: 'paragraph', inlines: [{ kind: 'text', text: '<script>alert(1)</script>' }] },
    ]);
  });

  it('fills placeholders, and refuses an unknown one', () => {
    expect(fillPlaceholders('CR {{ cr }} / {{vat}}', { cr: '1010', vat: '3003' })).toBe(
      'CR 1010 / 3003',
    );
    expect(() => fillPlaceholders('{{missing}}', {})).toThrow(/missing/);
  });
});
