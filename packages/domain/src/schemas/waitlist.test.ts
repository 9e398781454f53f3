import { describe, expect, it } from 'vitest';
import { salesInquirySchema, waitlistSignupSchema } from './waitlist';

describe('waiting-list sign-up (spec §2.5, first-party form)', () => {
  it('needs a name, a valid e-mail and a segment; company is optional', () => {
    const r = waitlistSignupSchema.safeParse({ name: ' ', email: 'x@', segment: 'moon' });
    expect(r.success).toBe(false);
    const fields = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(fields).toEqual({
      name: 'Name is required',
      email: 'Please enter a valid email address',
      segment: 'Choose the segment that fits you best',
    });
    expect(
      waitlistSignupSchema.parse({ name: 'Ada', email: 'ada@example.com', company: '', segment: 'agency' }),
    ).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      company: null,
      segment: 'agency',
    });
  });

  it('a sales enquiry needs a message; team size is a whole number', () => {
    expect(salesInquirySchema.safeParse({ name: 'Bo', email: 'bo@example.com', message: '' }).success).toBe(
      false,
    );
    expect(
      salesInquirySchema.safeParse({ name: 'Bo', email: 'bo@example.com', message: 'Hi', team_size: 2.5 })
        .success,
    ).toBe(false);
    expect(
      salesInquirySchema.parse({ name: 'Bo', email: 'bo@example.com', message: 'Twelve agents' }).team_size,
    ).toBeNull();
  });
});
