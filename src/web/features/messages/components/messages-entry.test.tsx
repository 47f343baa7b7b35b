// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate, formatTime } from '#shared/format.ts';
import { unreadablePartsOn } from '#shared/readable-text.ts';
import { loadTextSections, setLocale } from '#web/lib/i18n.ts';
import { MessagesEntry } from './messages-entry.tsx';
import { ResponseTime } from './response-time.tsx';
import { lastMovedAt } from './inbox.tsx';

/**
 * The account page's messages entry (issue 34: unread counts "in the header and the account
 * page") and the space page's "usually answers within…" line, in both languages, with Arabic's
 * plural forms; and the inbox's date of a conversation, on Riyadh's calendar.
 */
const unreadIs = (messages: number) =>
  vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/me/unread')
      return new Response(JSON.stringify({ conversations: 1, messages }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    return new Response('{}', { status: 404 });
  });

async function renderEntry(locale: 'ar' | 'en', messages: number) {
  vi.stubGlobal('fetch', unreadIs(messages));
  await setLocale(locale);
  await loadTextSections(['account']);
  render(
    <MemoryRouter>
      <MessagesEntry />
    </MemoryRouter>,
  );
  return screen.getByTestId('account-messages');
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the account page’s messages entry', () => {
  it.each([
    [1, 'رسالة واحدة بانتظارك'],
    [2, 'رسالتان بانتظارك'],
    [3, '3 رسائل بانتظارك'],
    [11, '11 رسالة بانتظارك'],
  ])('counts %i unread messages in Arabic', async (count, text) => {
    const entry = await renderEntry('ar', count);
    expect(await screen.findByText(text)).toBeTruthy();
    expect(entry.getAttribute('href')).toBe('/messages');
    expect(entry.textContent).toContain('الرسائل');
    expect(unreadablePartsOn(entry)).toEqual([]);
  });

  it('counts them in English', async () => {
    await renderEntry('en', 1);
    expect(await screen.findByText('1 message waiting for you')).toBeTruthy();
    cleanup();
    await renderEntry('en', 4);
    expect(await screen.findByText('4 messages waiting for you')).toBeTruthy();
  });

  it('says when nothing waits', async () => {
    await renderEntry('ar', 0);
    expect(await screen.findByText('لا رسائل جديدة')).toBeTruthy();
    cleanup();
    await renderEntry('en', 0);
    expect(await screen.findByText('No new messages')).toBeTruthy();
  });
});

describe('the host’s response time', () => {
  it.each([
    ['ar', 3, 'يرد عادةً خلال 5 دقائق'],
    ['ar', 95, 'يرد عادةً خلال ساعتين'],
    ['ar', 60 * 3, 'يرد عادةً خلال 3 ساعات'],
    ['ar', 60 * 11, 'يرد عادةً خلال 11 ساعة'],
    ['ar', 60 * 24 * 2, 'يرد عادةً خلال يومين'],
    ['en', 95, 'Usually answers within 2 hours'],
    ['en', 40, 'Usually answers within 40 minutes'],
  ] as const)('in %s, %i minutes read “%s”', async (locale, minutes, text) => {
    await setLocale(locale);
    await loadTextSections(['messages']);
    render(<ResponseTime minutes={minutes} />);
    expect(screen.getByTestId('response-time').textContent).toBe(text);
  });

  it('says nothing before the host has 3 answers', async () => {
    await setLocale('ar');
    render(<ResponseTime minutes={null} />);
    expect(screen.queryByTestId('response-time')).toBeNull();
  });
});

describe('the inbox’s “when”', () => {
  // 2026-03-10 21:30 UTC is 00:30 on 11 March in Riyadh
  const late = '2026-03-10T21:30:00.000Z';
  it('dates a conversation by Riyadh’s calendar, not UTC’s', () => {
    const nextWeek = new Date('2026-03-18T09:00:00.000Z');
    expect(lastMovedAt(late, 'en', nextWeek)).toBe(formatDate('2026-03-11', 'en'));
    expect(lastMovedAt(late, 'ar', nextWeek)).toBe(formatDate('2026-03-11', 'ar'));
  });
  it('gives today’s as a time on Riyadh’s clock', () => {
    const sameRiyadhDay = new Date('2026-03-11T08:00:00.000Z');
    expect(lastMovedAt(late, 'en', sameRiyadhDay)).toBe(formatTime('00:30', 'en'));
    expect(lastMovedAt(late, 'ar', sameRiyadhDay)).toBe(formatTime('00:30', 'ar'));
  });
});
