// Spec §3 property analytics (id, address, property_type) when the agent adds or edits a property.
import { renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PropertyData } from '@keyturn/domain/schemas/property';
import { setConsent } from '@/lib/consent';
import { json, stubApi, testQueryClient } from '@/test/utils';
import { useSaveProperty } from './use-properties';

const saved = { id: 7, address: '9 Harbor View', property_type: 'Condo', city: 'Boston' };
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={testQueryClient()}>{children}</QueryClientProvider>
);

beforeEach(() => {
  window.dataLayer = [];
});

describe('property analytics', () => {
  it('adding fires property_created, editing property_updated, each with id, address and type', async () => {
    setConsent('accepted');
    stubApi({
      'POST /properties': () => json(201, { success: true, data: saved }),
      'PUT /properties/7': () => json(200, { success: true, data: saved }),
    });
    const created = renderHook(() => useSaveProperty(null), { wrapper });
    await created.result.current.mutateAsync({} as PropertyData);
    const updated = renderHook(() => useSaveProperty(7), { wrapper });
    await updated.result.current.mutateAsync({} as PropertyData);
    const property = { id: 7, address: '9 Harbor View', property_type: 'Condo' };
    expect(window.dataLayer).toEqual([
      { event: 'property_created', property },
      { event: 'property_updated', property },
    ]);
  });

  it('without consent nothing is queued', async () => {
    stubApi({ 'POST /properties': () => json(201, { success: true, data: saved }) });
    const { result } = renderHook(() => useSaveProperty(null), { wrapper });
    await result.current.mutateAsync({} as PropertyData);
    expect(window.dataLayer).toEqual([]);
  });
});
