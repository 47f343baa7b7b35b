import { ROLE_CODES, type RoleCode } from '../constants.ts';

/**
 * Who is an admin: a holder of any of these roles may use the review desk and sees listings that
 * are not approved yet. The server (guards, recipients of notices) and the web (the Admin link)
 * both ask here.
 */
export const ADMIN_ROLES: readonly RoleCode[] = ROLE_CODES;

export function isAdminRole(roles: readonly string[]): boolean {
  return roles.some((role) => (ADMIN_ROLES as readonly string[]).includes(role));
}
