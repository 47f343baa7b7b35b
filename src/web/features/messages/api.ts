import type { Conversation, Inbox, Message, Thread, Unread } from '#shared/schemas/messages.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** The conversations API (issue 34; routes in src/server/features/messages/routes.ts). */
/** The person's inbox, or (`all`, admins) every conversation. */
export const getInbox = (cursor?: string, all = false) =>
  apiFetch<Inbox>(
    `${all ? '/api/admin/conversations' : '/api/me/conversations'}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
  );
export const getUnread = () => apiFetch<Unread>('/api/me/unread');
export const getConversation = (id: string) =>
  apiFetch<Conversation>(`/api/conversations/${encodeURIComponent(id)}`);
export const getThread = (id: string, before?: number) =>
  apiFetch<Thread>(
    `/api/conversations/${encodeURIComponent(id)}/messages${before ? `?before=${before}` : ''}`,
  );
export const sendMessage = (id: string, body: string) =>
  apiFetch<{ message: Message }>(`/api/conversations/${encodeURIComponent(id)}/messages`, {
    method: 'POST',
    body: { body },
  });
export const askHost = (spaceId: string, body: string) =>
  apiFetch<{ message: Message }>(`/api/spaces/${encodeURIComponent(spaceId)}/conversation`, {
    method: 'POST',
    body: { body },
  });
export const markRead = (id: string, upTo: number) =>
  apiFetch<{ upTo: number }>(`/api/conversations/${encodeURIComponent(id)}/read`, {
    method: 'POST',
    body: { upTo },
  });
export const reportMessage = (messageId: number, reason: string) =>
  apiFetch<{ reported: true }>(`/api/messages/${messageId}/report`, {
    method: 'POST',
    body: { reason },
  });
export const setBlocked = (id: string, blocked: boolean) =>
  apiFetch<{ blocked: boolean }>(`/api/conversations/${encodeURIComponent(id)}/block`, {
    method: 'PUT',
    body: { blocked },
  });
