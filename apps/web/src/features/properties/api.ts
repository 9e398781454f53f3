// The agent's properties (spec §7 "Properties"): list, read, create, update, delete — all the caller's own.
import type { Property, PropertyData } from '@keyturn/domain/schemas/property';
import { api } from '@/lib/api';

interface PropertyResponse {
  success: boolean;
  data: Property;
}

/** GET /api/properties → public and private, deleted ones left out. */
export async function fetchProperties(): Promise<Property[]> {
  const body = await api.get<{ success: boolean; data: Property[] }>('/properties');
  return body.data;
}

/** POST /api/properties → 201; 403 PROPERTY_LIMIT_REACHED when the plan's limit is reached. */
export async function createProperty(input: PropertyData): Promise<Property> {
  return (await api.post<PropertyResponse>('/properties', input)).data;
}

/** PUT /api/properties/{id}. */
export async function updateProperty(id: number, input: PropertyData): Promise<Property> {
  return (await api.put<PropertyResponse>(`/properties/${id}`, input)).data;
}

/** DELETE /api/properties/{id}; the property's bookings keep their history. */
export async function deleteProperty(id: number): Promise<void> {
  await api.delete<{ success: boolean }>(`/properties/${id}`);
}
