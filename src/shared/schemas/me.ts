import type { Locale, RoleCode } from '../constants.ts';

/** GET /api/me — the signed-in user and their role codes (401 when signed out). */
export interface MeUser {
  id: string;
  email: string;
  emailVerified: boolean;
  fullName: string | null;
  name: string;
  phone: string | null;
  phoneVerified: boolean;
  locale: Locale;
  createdAt: string;
}

export interface MeResponse {
  user: MeUser;
  roles: (RoleCode | string)[];
}
