import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  agentProfileInputSchema,
  agentProfileResponseSchema,
  agentPublicProfileSchema,
  hexColorSchema,
  suggestUsername,
  timeZoneSchema,
  usernameSchema,
} from './agent';

function messages(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

const validInput = {
  first_name: 'Ann',
  last_name: 'Lee',
  phone: '+1 (555) 010-2030',
  username: 'ann-lee',
  timeZone: 'America/New_York',
};

describe('hexColorSchema', () => {
  it('accepts #RRGGBB in either case', () => {
    expect(hexColorSchema.parse('#3B82F6')).toBe('#3B82F6');
    expect(hexColorSchema.parse('#10b981')).toBe('#10b981');
  });

  it("refuses short, alpha and unprefixed colours with 'Enter a colour like #3B82F6'", () => {
    for (const bad of ['#fff', '#3B82F6FF', '3B82F6', 'blue', '#GGGGGG']) {
      expect(messages(hexColorSchema, bad)).toEqual(['Enter a colour like #3B82F6']);
    }
  });
});

describe('usernameSchema', () => {
  it('accepts lowercase letters, digits and single inner hyphens, 3 to 40 characters', () => {
    for (const name of ['ann', 'ann-lee', 'a1-b2-c3', 'x'.repeat(40)])
      expect(usernameSchema.parse(name)).toBe(name);
  });

  it('refuses fewer than 3 or more than 40 characters', () => {
    expect(messages(usernameSchema, 'an')).toEqual(['Username must be at least 3 characters']);
    expect(messages(usernameSchema, 'x'.repeat(41))).toEqual(['Username must be at most 40 characters']);
    expect(messages(usernameSchema, '')).toEqual(['Username is required']);
  });

  it('refuses capitals, spaces, double, leading and trailing hyphens with one message', () => {
    for (const bad of ['Ann', 'ann lee', 'ann--lee', '-ann', 'ann-', 'ann_lee', 'josé']) {
      expect(messages(usernameSchema, bad)).toEqual([
        'Use lowercase letters, digits and single hyphens, not starting or ending with a hyphen',
      ]);
    }
  });

  it('refuses names that are route segments of the app', () => {
    for (const reserved of ['dashboard', 'pricing', 'bookme', 'waiting-list']) {
      expect(messages(usernameSchema, reserved)).toEqual(['This username is reserved; choose another']);
    }
  });
});

describe('timeZoneSchema', () => {
  it('accepts IANA zones and UTC', () => {
    for (const zone of ['America/New_York', 'Europe/London', 'Australia/Sydney', 'UTC']) {
      expect(timeZoneSchema.parse(zone)).toBe(zone);
    }
  });

  it('accepts an alias that one ICU lists and another does not (Asia/Kolkata vs Asia/Calcutta)', () => {
    expect(timeZoneSchema.safeParse('Asia/Kolkata').success).toBe(true);
    expect(timeZoneSchema.safeParse('Asia/Calcutta').success).toBe(true);
  });

  it("refuses made-up zones with 'Choose a valid time zone'", () => {
    for (const bad of ['Mars/Olympus', 'New York', '', 'EST5EDT-nope']) {
      expect(messages(timeZoneSchema, bad)).toEqual(['Choose a valid time zone']);
    }
  });
});

describe('agentProfileInputSchema', () => {
  it('defaults the primary colour to #3B82F6 and a missing company name to null', () => {
    expect(agentProfileInputSchema.parse(validInput)).toMatchObject({
      primaryColor: '#3B82F6',
      companyName: null,
    });
  });

  it('trims names and keeps a given company name', () => {
    expect(
      agentProfileInputSchema.parse({ ...validInput, first_name: ' Ann ', companyName: ' Lee Homes ' }),
    ).toMatchObject({ first_name: 'Ann', companyName: 'Lee Homes' });
  });

  it('a blank company name is stored as null', () => {
    expect(agentProfileInputSchema.parse({ ...validInput, companyName: '  ' }).companyName).toBeNull();
  });

  it('company name is at most 120 characters', () => {
    expect(messages(agentProfileInputSchema, { ...validInput, companyName: 'c'.repeat(121) })).toEqual([
      'Company name must be at most 120 characters',
    ]);
  });

  it('first and last names and phone are required', () => {
    expect(
      messages(agentProfileInputSchema, { ...validInput, first_name: '', last_name: '', phone: '' }),
    ).toEqual(['First name is required', 'Last name is required', 'Phone number is required']);
  });
});

describe('suggestUsername', () => {
  it('joins first and last name in lowercase with a hyphen', () => {
    expect(suggestUsername('Ann', 'Lee')).toBe('ann-lee');
  });

  it('drops accents and punctuation', () => {
    expect(suggestUsername('José María', "Núñez-O'Brien")).toBe('jose-maria-nunez-o-brien');
  });

  it('pads names too short, or reserved, and falls back to "agent" when nothing is left', () => {
    expect(suggestUsername('Al', '')).toBe('al-agent');
    expect(suggestUsername('Dashboard', '')).toBe('dashboard-agent');
    expect(suggestUsername('李', '明')).toBe('agent');
  });

  it('any names give a username the schema accepts', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.string({ maxLength: 80 }), (first, last) => {
        expect(usernameSchema.safeParse(suggestUsername(first, last)).success).toBe(true);
      }),
    );
  });
});

describe('agent profile as read', () => {
  const publicProfile = {
    first_name: 'Ann',
    last_name: 'Lee',
    email: 'ann@example.com',
    phone: '555 010 2030',
    logoUrl: null,
    companyName: null,
    primaryColor: '#3B82F6',
    profilePictureUrl: null,
    timeZone: 'America/New_York',
  };

  it('the public profile has the fields of spec §3 with nullable images and company', () => {
    expect(agentPublicProfileSchema.parse(publicProfile)).toEqual(publicProfile);
  });

  it('the full profile response is { success: true, data } with id, username, plan and createdAt', () => {
    const data = {
      ...publicProfile,
      id: 'a1',
      username: 'ann-lee',
      plan: 'pro',
      createdAt: '2025-01-01T00:00:00Z',
    };
    expect(agentProfileResponseSchema.parse({ success: true, data }).data.plan).toBe('pro');
    expect(agentProfileResponseSchema.safeParse({ success: false, data }).success).toBe(false);
    expect(
      agentProfileResponseSchema.safeParse({ success: true, data: { ...data, plan: 'gold' } }).success,
    ).toBe(false);
  });
});
