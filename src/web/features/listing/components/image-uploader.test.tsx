// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '#shared/constants.ts';
import { loadTextSections, setLocale } from '#web/lib/i18n.ts';
import type { DraftImage } from '../listing-draft.ts';
import { ImageUploader, placeUpload } from './image-uploader.tsx';

/**
 * Issue 20: the photos keep the order the host picked them in, whichever upload finishes first,
 * and the host moves them earlier or later or makes one the cover — by keyboard, each move said
 * to screen readers. The uploads go through the real `uploadImage`, against a fake
 * XMLHttpRequest that answers when the test says.
 */
class FakeXhr {
  static sent: FakeXhr[] = [];
  status = 0;
  responseText = '';
  withCredentials = false;
  file: File | null = null;
  private listeners = new Map<string, (() => void)[]>();
  upload = { addEventListener: () => undefined };
  open() {}
  setRequestHeader() {}
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  send(body: FormData) {
    this.file = body.get('file') as File;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.listeners.get('abort')?.forEach((l) => l());
  }
  /** The server's 201 for this upload. */
  finish(id: string) {
    this.status = 201;
    this.responseText = JSON.stringify({
      id,
      width: 800,
      height: 600,
      urls: { '480': `/media/${id}-480.webp` },
    });
    this.listeners.get('load')?.forEach((l) => l());
  }
}

const uploadOf = (name: string) => FakeXhr.sent.find((x) => x.file?.name === name)!;
const idOf = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

function Harness({ start = [] }: { start?: DraftImage[] }) {
  const [images, setImages] = useState<DraftImage[]>(start);
  return (
    <>
      <ImageUploader images={images} onChange={setImages} />
      <p data-testid="order">{images.map((i) => i.name).join(',')}</p>
    </>
  );
}

const TEXTS = {
  ar: {
    pick: 'اختر الصور',
    list: 'صورك',
    cover: 'صورة الغلاف',
    makeCover: (name: string) => `اجعلها الغلاف: ${name}`,
    earlier: (name: string) => `انقل ${name} إلى موضع أسبق`,
    later: (name: string) => `انقل ${name} إلى موضع لاحق`,
    nowCover: (name: string) => `${name}: أصبحت صورة الغلاف.`,
    nowAt: (name: string, n: number, of: number) => `${name}: أصبحت الصورة ${n} من ${of}.`,
  },
  en: {
    pick: 'Choose photos',
    list: 'Your photos',
    cover: 'Cover photo',
    makeCover: (name: string) => `Make cover: ${name}`,
    earlier: (name: string) => `Move ${name} earlier`,
    later: (name: string) => `Move ${name} later`,
    nowCover: (name: string) => `${name}: now the cover photo.`,
    nowAt: (name: string, n: number, of: number) => `${name}: now photo ${n} of ${of}.`,
  },
} as const;

const file = (name: string) =>
  new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });

describe('placeUpload', () => {
  const item = (id: string) => ({ id });
  const picked = new Map([
    ['a', 1],
    ['b', 2],
    ['c', 3],
  ]);
  const of = (id: string) => picked.get(id);
  it('puts a finished upload before the first picture picked after it', () => {
    expect(placeUpload([item('c')], item('a'), 1, of, false).map((i) => i.id)).toEqual(['a', 'c']);
    expect(placeUpload([item('a'), item('c')], item('b'), 2, of, false).map((i) => i.id)).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(placeUpload([], item('b'), 2, of, false)).toEqual([item('b')]);
  });
  it('keeps pictures the uploader started with (an edited listing) first', () => {
    expect(placeUpload([item('old'), item('c')], item('a'), 1, of, false).map((i) => i.id)).toEqual(
      ['old', 'a', 'c'],
    );
  });
  it('appends once the host has arranged the list by hand', () => {
    expect(placeUpload([item('c'), item('b')], item('a'), 1, of, true).map((i) => i.id)).toEqual([
      'c',
      'b',
      'a',
    ]);
  });
});

describe.each(['ar', 'en'] as const)('the photo uploader (%s)', (locale: Locale) => {
  const l = TEXTS[locale];
  beforeEach(async () => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    // jsdom decodes no images: every pick gets the placeholder instead of a preview.
    vi.stubGlobal('createImageBitmap', () => Promise.reject(new Error('no decoder')));
    await setLocale(locale);
    await loadTextSections(['listing']);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('keeps the picking order whichever upload finishes first', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.upload(screen.getByLabelText(l.pick), [file('a.jpg'), file('b.jpg'), file('c.jpg')]);
    expect(FakeXhr.sent).toHaveLength(3);
    // The last picked finishes first, the first picked last.
    await act(async () => uploadOf('c.jpg').finish(idOf(3)));
    await act(async () => uploadOf('b.jpg').finish(idOf(2)));
    expect(screen.getByTestId('order').textContent).toBe('b.jpg,c.jpg');
    await act(async () => uploadOf('a.jpg').finish(idOf(1)));
    expect(screen.getByTestId('order').textContent).toBe('a.jpg,b.jpg,c.jpg');
    const first = within(screen.getByRole('list', { name: l.list })).getAllByRole('listitem')[0]!;
    expect(first.textContent).toContain('a.jpg');
    expect(first.textContent).toContain(l.cover);
  });

  it('moves photos and makes one the cover by keyboard, and says so', async () => {
    const user = userEvent.setup();
    render(
      <Harness
        start={['a', 'b', 'c'].map((name, n) => ({
          id: idOf(n + 1),
          url: `/media/${name}.webp`,
          width: 800,
          height: 600,
          name: `${name}.jpg`,
        }))}
      />,
    );
    const order = () => screen.getByTestId('order').textContent;
    const status = () => screen.getByRole('status').textContent;

    // The first photo cannot move earlier, the last one not later.
    expect(screen.getByRole('button', { name: l.earlier('a.jpg') })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByRole('button', { name: l.later('c.jpg') })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: l.makeCover('a.jpg') })).toBeNull();

    screen.getByRole('button', { name: l.makeCover('c.jpg') }).focus();
    await user.keyboard('{Enter}');
    expect(order()).toBe('c.jpg,a.jpg,b.jpg');
    expect(status()).toBe(l.nowCover('c.jpg'));
    const rows = () => within(screen.getByRole('list', { name: l.list })).getAllByRole('listitem');
    expect(rows()[0]!.dataset.cover).toBe('true');
    expect(rows()[0]!.textContent).toContain(l.cover);
    expect(rows()[1]!.dataset.cover).toBeUndefined();
    // The focus stays with the moved photo, on a control that still applies.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: l.later('c.jpg') })),
    );

    await user.keyboard('{Enter}'); // later again
    expect(order()).toBe('a.jpg,c.jpg,b.jpg');
    expect(status()).toBe(l.nowAt('c.jpg', 2, 3));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: l.later('c.jpg') })),
    );

    await user.click(screen.getByRole('button', { name: l.earlier('b.jpg') }));
    expect(order()).toBe('a.jpg,b.jpg,c.jpg');
    expect(status()).toBe(l.nowAt('b.jpg', 2, 3));
    await user.click(screen.getByRole('button', { name: l.earlier('b.jpg') }));
    expect(order()).toBe('b.jpg,a.jpg,c.jpg');
    expect(status()).toBe(l.nowCover('b.jpg'));
  });

  it("names a listing's own photos (no file name) by their place", async () => {
    const user = userEvent.setup();
    render(
      <Harness
        start={[1, 2].map((n) => ({
          id: idOf(n),
          url: `/media/${n}.webp`,
          width: 800,
          height: 600,
          name: '',
        }))}
      />,
    );
    const photo2 = locale === 'ar' ? 'الصورة 2' : 'Photo 2';
    await user.click(screen.getByRole('button', { name: l.makeCover(photo2) }));
    expect(screen.getByRole('status').textContent).toBe(l.nowCover(photo2));
    expect(
      screen.getByRole('button', { name: l.later(locale === 'ar' ? 'الصورة 1' : 'Photo 1') }),
    ).toBeTruthy();
  });

  it('after the host has arranged the photos, a late upload goes to the end', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.upload(screen.getByLabelText(l.pick), [file('a.jpg'), file('b.jpg'), file('c.jpg')]);
    await act(async () => uploadOf('b.jpg').finish(idOf(2)));
    await act(async () => uploadOf('c.jpg').finish(idOf(3)));
    await user.click(screen.getByRole('button', { name: l.makeCover('c.jpg') }));
    expect(screen.getByTestId('order').textContent).toBe('c.jpg,b.jpg');
    await act(async () => uploadOf('a.jpg').finish(idOf(1)));
    expect(screen.getByTestId('order').textContent).toBe('c.jpg,b.jpg,a.jpg');
  });
});
