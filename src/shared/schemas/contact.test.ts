import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGE_MAX, contactMessageSchema } from './contact.ts';

const valid = { name: 'Sara', email: 'Sara@Example.com', message: 'Hello' };
const issueFor = (input: unknown, field: string) =>
  contactMessageSchema.safeParse(input).error?.issues.find((i) => i.path[0] === field)?.message;

describe('contactMessageSchema', () => {
  it('accepts a message and normalises it', () => {
    expect(contactMessageSchema.parse({ ...valid, name: '  Sara  ' })).toEqual({
      name: 'Sara',
      email: 'sara@example.com',
      message: 'Hello',
    });
  });

  it('requires each field', () => {
    for (const field of ['name', 'email', 'message']) {
      expect(issueFor({ ...valid, [field]: '' }, field)).toBe('fields.required');
      expect(issueFor({ ...valid, [field]: '   ' }, field)).toBe('fields.required');
      expect(issueFor({ ...valid, [field]: undefined }, field)).toBe('fields.required');
    }
  });

  it('refuses wrong types', () => {
    expect(issueFor({ ...valid, name: 42 }, 'name')).toBe('fields.invalid');
    expect(issueFor({ ...valid, message: ['x'] }, 'message')).toBe('fields.invalid');
  });

  it('refuses an invalid email', () => {
    for (const email of [
      'sara',
      'sara@',
      '@example.com',
      'sara@example',
      'sa ra@example.com',
      'a@b.c',
    ]) {
      expect(issueFor({ ...valid, email }, 'email'), email).toBe('fields.email');
    }
  });

  it('limits the message to its maximum, both sides of the edge', () => {
    expect(
      contactMessageSchema.safeParse({ ...valid, message: 'x'.repeat(CONTACT_MESSAGE_MAX) })
        .success,
    ).toBe(true);
    expect(issueFor({ ...valid, message: 'x'.repeat(CONTACT_MESSAGE_MAX + 1) }, 'message')).toBe(
      'fields.tooLong',
    );
  });
});
