import { describe, expect, it } from 'vitest';
import { ADMIN_ROLES, isAdminRole } from './roles.ts';

describe('admin roles', () => {
  it('counts admin and super_admin as admins', () => {
    expect([...ADMIN_ROLES].sort()).toEqual(['admin', 'super_admin']);
    expect(isAdminRole(['admin'])).toBe(true);
    expect(isAdminRole(['renter', 'super_admin'])).toBe(true);
  });

  it('counts nobody else', () => {
    expect(isAdminRole([])).toBe(false);
    expect(isAdminRole(['host', 'Admin', 'admin '])).toBe(false);
  });
});
