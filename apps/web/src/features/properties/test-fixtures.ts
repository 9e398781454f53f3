// A property as the API answers it, for the properties feature's tests.
import type { Property } from '@keyturn/domain/schemas/property';

export const riverside: Property = {
  id: 7,
  public_id: '0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f',
  agent_id: 'agent-1',
  address: '88 Riverside Drive',
  city: 'Austin',
  state: 'TX',
  zip_code: '78701',
  price: 425000,
  bedrooms: 3,
  bathrooms: 2.5,
  property_type: 'Residential',
  images: ['https://img.example/riverside-1.jpg'],
  is_public: true,
};
