import type {
  CreateSpaceRequestInput,
  CreateSpaceResponse,
} from '#shared/schemas/space-request.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** POST /api/spaces → 201 `{ id, status: 'pending' }` (400 with field messages). */
export function createSpace(input: CreateSpaceRequestInput) {
  return apiFetch<CreateSpaceResponse>('/api/spaces', { method: 'POST', body: input });
}
