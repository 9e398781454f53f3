import { describe, expect, it } from 'vitest';
import {
  buyerAccess,
  DOCUMENT_LINK_HOURS,
  DOCUMENT_RULES,
  DOCUMENT_TEXTS,
  documentLinkExpiry,
  documentNameSchema,
  documentPatchSchema,
  documentSizeLabel,
} from './documents';

describe('listing documents', () => {
  it('explains every rule in plain words', () => {
    for (const rule of DOCUMENT_RULES) {
      expect(DOCUMENT_TEXTS.rules[rule].label.length).toBeGreaterThan(3);
      expect(DOCUMENT_TEXTS.rules[rule].explain.length).toBeGreaterThan(10);
    }
  });

  it('makes mailed links last a week and page links an hour', () => {
    const now = new Date('2026-01-05T15:00:00Z');
    expect(DOCUMENT_LINK_HOURS).toEqual({ mailed: 168, page: 1 });
    expect(documentLinkExpiry(now, 'mailed').toISOString()).toBe('2026-01-12T15:00:00.000Z');
    expect(documentLinkExpiry(now, 'page').toISOString()).toBe('2026-01-05T16:00:00.000Z');
  });

  it('tells what a booking’s buyer may see of each rule', () => {
    const pending = { status: 'pending' };
    const confirmed = { status: 'confirmed' };
    const completed = { status: 'completed' };
    expect(buyerAccess('public', confirmed)).toBeNull();
    expect(buyerAccess('with_confirmation', pending)).toBeNull();
    expect(buyerAccess('with_confirmation', confirmed)).toBe('available');
    expect(buyerAccess('after_showing', confirmed)).toBe('later');
    expect(buyerAccess('after_showing', completed)).toBe('available');
    expect(buyerAccess('on_request', pending)).toBe('requestable');
    for (const status of ['cancelled', 'declined', 'rescheduled', 'no_show']) {
      for (const rule of DOCUMENT_RULES) expect(buyerAccess(rule, { status })).toBeNull();
    }
  });

  it('checks names and patches', () => {
    expect(documentNameSchema.safeParse('  Floor plan ').data).toBe('Floor plan');
    expect(documentNameSchema.safeParse('   ').success).toBe(false);
    expect(documentNameSchema.safeParse('x'.repeat(121)).success).toBe(false);
    expect(documentPatchSchema.safeParse({ rule: 'everyone' }).success).toBe(false);
    expect(documentPatchSchema.safeParse({ rule: 'on_request' }).success).toBe(true);
    expect(documentPatchSchema.safeParse({ other: 1 }).success).toBe(false);
  });

  it('labels sizes', () => {
    expect(documentSizeLabel(300)).toBe('1 KB');
    expect(documentSizeLabel(840 * 1024)).toBe('840 KB');
    expect(documentSizeLabel(3.24 * 1024 * 1024)).toBe('3.2 MB');
  });
});
