import { ChevronLeft, ChevronRight, ImagePlus, RefreshCw, Star, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { SPACE_IMAGES_MAX } from '#shared/schemas/space-form.ts';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/toast-store.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/cn.ts';
import { formatNumber } from '#shared/format.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { uploadImage } from '../api/upload-image.ts';
import type { DraftImage } from '../listing-draft.ts';

const MAX_BYTES = 10 * 1024 * 1024;
const ACCEPT =
  'image/jpeg,image/png,image/webp,image/avif,image/heic,.jpg,.jpeg,.png,.webp,.avif,.heic';

interface Pending {
  key: string;
  /** when it was picked, counted from 1 in this uploader (its place in the host's order) */
  picked: number;
  file: File;
  name: string;
  /** a local preview, once the browser could decode the file (null: show a placeholder) */
  preview: string | null;
  progress: number;
  error: string | null;
}

interface ImageUploaderProps {
  /** The finished uploads, in order; the first is the cover. */
  images: DraftImage[];
  /** Gets an update of the current list (uploads finish in any order, any time). */
  onChange: (update: (current: DraftImage[]) => DraftImage[]) => void;
  /** the translated field error, if any */
  error?: string;
  describedBy?: string;
}

/**
 * Where a finished upload goes in the list: in the order the host picked the files, whichever
 * upload finishes first. `pickedOf` says when each picture of the list was picked (undefined for
 * pictures the uploader started with, which come before every new pick). Once the host has
 * arranged the list by hand (`arranged`), their order stands and later uploads go at the end.
 */
export function placeUpload<T extends { id: string }>(
  list: readonly T[],
  image: T,
  picked: number,
  pickedOf: (id: string) => number | undefined,
  arranged: boolean,
): T[] {
  const at = arranged ? -1 : list.findIndex((item) => (pickedOf(item.id) ?? 0) > picked);
  return at === -1 ? [...list, image] : [...list.slice(0, at), image, ...list.slice(at)];
}

type Action = 'earlier' | 'later' | 'cover';

/**
 * Step 4: drop or pick up to ten images. Each one uploads as soon as it is chosen, with its own
 * progress bar, and takes its place in the order the files were picked; finished ones can be
 * moved earlier or later, removed, or made the cover (the first). Each move is announced.
 */
export function ImageUploader({ images, onChange, error, describedBy }: ImageUploaderProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<Pending[]>([]);
  const [dragging, setDragging] = useState(false);
  const controllers = useRef(new Map<string, AbortController>());
  const picks = useRef({ count: 0, arranged: false, of: new Map<string, number>() });
  const [announcement, setAnnouncement] = useState('');
  const listRef = useRef<HTMLUListElement>(null);
  const [refocus, setRefocus] = useState<{ id: string; action: Action } | null>(null);

  // A moved row is a moved DOM node, which loses the focus: give it back to the same control
  // (or its neighbour, when that one no longer applies at the new place).
  useEffect(() => {
    if (!refocus || !listRef.current) return;
    const row = [...listRef.current.querySelectorAll<HTMLElement>('[data-image-id]')].find(
      (item) => item.dataset.imageId === refocus.id,
    );
    const order: Action[] =
      refocus.action === 'later' ? ['later', 'earlier'] : ['earlier', 'later', 'cover'];
    for (const action of order) {
      const button = row?.querySelector<HTMLButtonElement>(`[data-action="${action}"]`);
      if (button && !button.disabled) {
        button.focus();
        break;
      }
    }
    setRefocus(null);
  }, [refocus]);

  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  const fail = (key: string, message: string) => {
    setPending((list) => list.map((p) => (p.key === key ? { ...p, error: message } : p)));
    toast({ variant: 'destructive', title: t('listSpace.images.failed', { error: message }) });
  };

  const start = (item: Pending) => {
    if (item.file.size > MAX_BYTES) {
      fail(item.key, t('errors:IMAGE_TOO_LARGE'));
      return;
    }
    const controller = new AbortController();
    controllers.current.set(item.key, controller);
    uploadImage(
      item.file,
      (fraction) =>
        setPending((list) =>
          list.map((p) => (p.key === item.key ? { ...p, progress: fraction } : p)),
        ),
      controller.signal,
    ).then(
      (uploaded) => {
        controllers.current.delete(item.key);
        setPending((list) => {
          const done = list.find((p) => p.key === item.key);
          if (done?.preview) URL.revokeObjectURL(done.preview);
          return list.filter((p) => p.key !== item.key);
        });
        picks.current.of.set(uploaded.id, item.picked);
        const image: DraftImage = {
          id: uploaded.id,
          url: uploaded.urls['480'] ?? Object.values(uploaded.urls)[0] ?? '',
          width: uploaded.width,
          height: uploaded.height,
          name: item.name,
        };
        onChange((current) =>
          placeUpload(
            current,
            image,
            item.picked,
            (id) => picks.current.of.get(id),
            picks.current.arranged,
          ),
        );
        toast({ title: t('listSpace.images.uploaded', { name: item.name }) });
      },
      (reason: unknown) => {
        controllers.current.delete(item.key);
        if ((reason as Error).name === 'AbortError') return;
        fail(
          item.key,
          reason instanceof ApiRequestError ? reason.message : t('errors:INTERNAL_ERROR'),
        );
      },
    );
  };

  const addFiles = (files: FileList | File[]) => {
    const list = [...files];
    const room = SPACE_IMAGES_MAX - images.length - pending.filter((p) => !p.error).length;
    if (list.length > room) {
      toast({
        variant: 'destructive',
        title: t('listSpace.images.tooMany', { max: formatNumber(SPACE_IMAGES_MAX, locale) }),
      });
    }
    const accepted: Pending[] = list.slice(0, Math.max(0, room)).map((file) => ({
      key: `${Date.now()}-${Math.random().toString(36).slice(2)}`,
      picked: ++picks.current.count,
      file,
      name: file.name,
      preview: null,
      progress: 0,
      error: null,
    }));
    setPending((current) => [...current, ...accepted]);
    accepted.forEach(start);
    // A preview only for what the browser can decode (a renamed text file gets a placeholder).
    for (const item of accepted) {
      createImageBitmap(item.file).then(
        (bitmap) => {
          bitmap.close();
          const preview = URL.createObjectURL(item.file);
          setPending((current) => {
            if (!current.some((p) => p.key === item.key)) {
              URL.revokeObjectURL(preview); // finished or removed meanwhile
              return current;
            }
            return current.map((p) => (p.key === item.key ? { ...p, preview } : p));
          });
        },
        () => undefined,
      );
    }
  };

  const retry = (item: Pending) => {
    const again = { ...item, progress: 0, error: null };
    setPending((list) => list.map((p) => (p.key === item.key ? again : p)));
    start(again);
  };

  const discard = (item: Pending) => {
    controllers.current.get(item.key)?.abort();
    if (item.preview) URL.revokeObjectURL(item.preview);
    setPending((list) => list.filter((p) => p.key !== item.key));
  };

  /** A picture's name for buttons and announcements: its file's, or (a listing's own pictures,
   *  which have none) its place. */
  const nameOf = (image: DraftImage, index: number) =>
    image.name || t('listSpace.images.photoN', { n: formatNumber(index + 1, locale) });

  /** Where `action` takes a picture that is at `from` now. */
  const target = (from: number, action: Action) =>
    action === 'cover' ? 0 : action === 'earlier' ? from - 1 : from + 1;

  const move = (image: DraftImage, action: Action) => {
    picks.current.arranged = true;
    onChange((current) => {
      const from = current.findIndex((i) => i.id === image.id);
      const to = target(from, action);
      if (from === -1 || to < 0 || to >= current.length) return current;
      const next = [...current];
      next.splice(from, 1);
      next.splice(to, 0, image);
      return next;
    });
    const from = images.findIndex((i) => i.id === image.id);
    const to = target(from, action);
    const name = nameOf(image, from);
    setAnnouncement(
      to === 0
        ? t('listSpace.images.nowCover', { name })
        : t('listSpace.images.nowAt', {
            name,
            position: formatNumber(to + 1, locale),
            total: formatNumber(images.length, locale),
          }),
    );
    setRefocus({ id: image.id, action });
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (event.dataTransfer.files.length > 0) addFiles(event.dataTransfer.files);
  };

  const full = images.length + pending.filter((p) => !p.error).length >= SPACE_IMAGES_MAX;

  return (
    <div className="flex flex-col gap-4">
      <div
        data-slot="image-dropzone"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center gap-3 rounded-3xl border-2 border-dashed p-8 text-center transition-colors',
          dragging ? 'border-brand-500 bg-brand-50' : 'border-sand-200 bg-sand-50',
          error && 'border-red-600',
        )}
      >
        <ImagePlus aria-hidden className="size-10 text-brand-700" />
        <p className="font-semibold text-ink">{t('listSpace.images.drop')}</p>
        <p className="text-sm text-muted">
          {t('listSpace.images.rules', {
            max: formatNumber(SPACE_IMAGES_MAX, locale),
            size: formatNumber(10, locale),
          })}
        </p>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={ACCEPT}
          multiple
          className="sr-only"
          aria-describedby={describedBy}
          aria-invalid={Boolean(error)}
          disabled={full}
          onChange={(event) => {
            if (event.target.files) addFiles(event.target.files);
            event.target.value = '';
          }}
        />
        <label
          htmlFor={inputId}
          className={cn(
            'inline-flex h-11 cursor-pointer items-center gap-2 rounded-xl bg-brand-700 px-5 font-semibold text-white shadow-card hover:bg-brand-600 focus-within:outline-2',
            full && 'pointer-events-none opacity-50',
          )}
        >
          <ImagePlus aria-hidden className="size-4" />
          {t('listSpace.images.pick')}
        </label>
      </div>

      <p role="status" className="sr-only">
        {announcement}
      </p>

      {(images.length > 0 || pending.length > 0) && (
        <ul
          ref={listRef}
          className="grid gap-3 sm:grid-cols-2"
          aria-label={t('listSpace.images.listLabel')}
        >
          {images.map((image, index) => (
            <li
              key={image.id}
              data-image-id={image.id}
              data-cover={index === 0 || undefined}
              className={cn(
                'flex gap-3 rounded-2xl border bg-white p-3',
                index === 0 ? 'border-brand-500 ring-2 ring-brand-500/30' : 'border-sand-200',
              )}
            >
              <span className="relative shrink-0">
                <img
                  src={image.url}
                  alt={t('listSpace.images.alt', { n: formatNumber(index + 1, locale) })}
                  width={image.width}
                  height={image.height}
                  className="size-24 rounded-xl object-cover"
                />
                <span
                  aria-hidden
                  className={cn(
                    'absolute start-1 top-1 flex min-w-6 items-center justify-center gap-1 rounded-full px-1.5 text-xs font-bold',
                    index === 0 ? 'bg-brand-700 text-white' : 'bg-white/90 text-ink',
                  )}
                >
                  {index === 0 && <Star className="size-3 fill-gold-400 text-gold-400" />}
                  {formatNumber(index + 1, locale)}
                </span>
              </span>
              <div className="flex min-w-0 flex-1 flex-col gap-2">
                <p className="truncate text-sm font-semibold text-ink" dir="auto">
                  {nameOf(image, index)}
                </p>
                {index === 0 ? (
                  <p className="flex items-center gap-1 text-sm font-semibold text-brand-700">
                    <Star aria-hidden className="size-4 fill-gold-400 text-gold-500" />
                    {t('listSpace.images.cover')}
                  </p>
                ) : (
                  <Button
                    type="button"
                    variant="link"
                    size="sm"
                    className="h-auto self-start px-0"
                    data-action="cover"
                    aria-label={t('listSpace.images.makeCoverOf', { name: nameOf(image, index) })}
                    onClick={() => move(image, 'cover')}
                  >
                    <Star aria-hidden />
                    {t('listSpace.images.makeCover')}
                  </Button>
                )}
                <div className="mt-auto flex gap-1">
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    data-action="earlier"
                    disabled={index === 0}
                    aria-label={t('listSpace.images.moveUp', { name: nameOf(image, index) })}
                    onClick={() => move(image, 'earlier')}
                  >
                    <ChevronLeft aria-hidden className="rtl:rotate-180" />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    data-action="later"
                    disabled={index === images.length - 1}
                    aria-label={t('listSpace.images.moveDown', { name: nameOf(image, index) })}
                    onClick={() => move(image, 'later')}
                  >
                    <ChevronRight aria-hidden className="rtl:rotate-180" />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="ms-auto text-red-700 hover:bg-red-50 hover:text-red-800"
                    aria-label={t('listSpace.images.remove', { name: nameOf(image, index) })}
                    onClick={() => onChange((current) => current.filter((i) => i.id !== image.id))}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </div>
              </div>
            </li>
          ))}
          {pending.map((item) => (
            <li
              key={item.key}
              className={cn(
                'flex gap-3 rounded-2xl border bg-white p-3',
                item.error ? 'border-red-300' : 'border-sand-200',
              )}
            >
              {item.preview ? (
                <img
                  src={item.preview}
                  alt=""
                  className="size-24 shrink-0 rounded-xl object-cover opacity-70"
                />
              ) : (
                <span
                  aria-hidden
                  className="flex size-24 shrink-0 items-center justify-center rounded-xl bg-sand-100"
                >
                  <ImagePlus className="size-8 text-muted" />
                </span>
              )}
              <div className="flex min-w-0 flex-1 flex-col gap-2">
                <p className="truncate text-sm font-semibold text-ink" dir="auto">
                  {item.name}
                </p>
                {item.error ? (
                  <>
                    <p role="alert" className="text-sm font-medium text-red-700">
                      {t('listSpace.images.failed', { error: item.error })}
                    </p>
                    <div className="mt-auto flex gap-2">
                      <Button type="button" variant="outline" size="sm" onClick={() => retry(item)}>
                        <RefreshCw aria-hidden />
                        {t('listSpace.images.retry')}
                      </Button>
                      <Button type="button" variant="ghost" size="sm" onClick={() => discard(item)}>
                        <Trash2 aria-hidden />
                        {t('listSpace.images.discard')}
                      </Button>
                    </div>
                  </>
                ) : (
                  <>
                    <div
                      role="progressbar"
                      aria-label={t('listSpace.images.uploading', { name: item.name })}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={Math.round(item.progress * 100)}
                      className="h-2 overflow-hidden rounded-full bg-sand-200"
                    >
                      <div
                        className="h-full rounded-full bg-brand-600 transition-[width]"
                        style={{ width: `${Math.round(item.progress * 100)}%` }}
                      />
                    </div>
                    <p className="text-sm text-muted">
                      {t('listSpace.images.progress', {
                        percent: formatNumber(Math.round(item.progress * 100), locale),
                      })}
                    </p>
                  </>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
