import type { UploadedImage } from '#shared/schemas/space-request.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { currentLocale, translate } from '#web/lib/i18n.ts';

/**
 * POST /api/uploads/images with one file → 201 `UploadedImage`. XMLHttpRequest, not fetch: only
 * XHR reports upload progress. `onProgress` gets 0–1; failures throw ApiRequestError (status 0
 * when the network failed) with the server's message in the user's language.
 */
export function uploadImage(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/uploads/images');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('accept-language', currentLocale());
    xhr.withCredentials = true;
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status === 201) {
        onProgress(1);
        resolve(body as UploadedImage);
        return;
      }
      const error = (body as { error?: { code?: string; message?: string } } | undefined)?.error;
      reject(
        new ApiRequestError(
          xhr.status,
          error?.code ?? 'INTERNAL_ERROR',
          error?.message ?? translate('errors:INTERNAL_ERROR'),
        ),
      );
    });
    xhr.addEventListener('error', () =>
      reject(new ApiRequestError(0, 'NETWORK_ERROR', translate('errors:INTERNAL_ERROR'))),
    );
    xhr.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
