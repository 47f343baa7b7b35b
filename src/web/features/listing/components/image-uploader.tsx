import { ChevronDown, ChevronUp, ImagePlus, RefreshCw, Star, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { SPACE_IMAGES_MAX } from '#shared/schemas/space-form.ts';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { formatNumber } from '#shared/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { uploadImage } from '../api/upload-image.ts';
import type { DraftImage } from '../listing-draft.ts';

const MAX_BYTES = 10 * 1024 * 1024;
const ACCEPT =
  'image/jpeg,image/png,image/webp,image/avif,image/heic,.jpg,.jpeg,.png,.webp,.avif,.heic';

interface Pending {
  key: string;
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
 * Step 4: drop or pick up to ten images. Each one uploads as soon as it is chosen, with its own
 * progress bar; finished ones can be reordered, removed, or made the cover (the first).
 */
export function ImageUploader({ images, onChange, error, describedBy }: ImageUploaderProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<Pending[]>([]);
  const [dragging, setDragging] = useState(false);
  const controllers = useRef(new Map<string, AbortController>());

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
        onChange((current) => [
          ...current,
          {
            id: uploaded.id,
            url: uploaded.urls['480'] ?? Object.values(uploaded.urls)[0] ?? '',
            width: uploaded.width,
            height: uploaded.height,
            name: item.name,
          },
        ]);
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

  const move = (index: number, to: number) => {
    onChange((current) => {
      const next = [...current];
      const [moved] = next.splice(index, 1);
      if (moved) next.splice(to, 0, moved);
      return next;
    });
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

      {(images.length > 0 || pending.length > 0) && (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label={t('listSpace.images.listLabel')}>
          {images.map((image, index) => (
            <li
              key={image.id}
              className="flex gap-3 rounded-2xl border border-sand-200 bg-white p-3"
            >
              <img
                src={image.url}
                alt={t('listSpace.images.alt', { n: formatNumber(index + 1, locale) })}
                width={image.width}
                height={image.height}
                className="size-24 shrink-0 rounded-xl object-cover"
              />
              <div className="flex min-w-0 flex-1 flex-col gap-2">
                <p className="truncate text-sm font-semibold text-ink" dir="auto">
                  {image.name}
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
                    onClick={() => move(index, 0)}
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
                    disabled={index === 0}
                    aria-label={t('listSpace.images.moveUp', { name: image.name })}
                    onClick={() => move(index, index - 1)}
                  >
                    <ChevronUp aria-hidden />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    disabled={index === images.length - 1}
                    aria-label={t('listSpace.images.moveDown', { name: image.name })}
                    onClick={() => move(index, index + 1)}
                  >
                    <ChevronDown aria-hidden />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="ms-auto text-red-700 hover:bg-red-50 hover:text-red-800"
                    aria-label={t('listSpace.images.remove', { name: image.name })}
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
