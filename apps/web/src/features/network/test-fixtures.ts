// Issue 45: the network pages' tests share one listing and one request as the API answers them.
import type { NetworkListing, NetworkRequestView } from '@keyturn/domain/listing/network';

export const listingFixture = (overrides: Partial<NetworkListing> = {}): NetworkListing => ({
  id: 7,
  public_id: 'pub-7',
  address: '7 Willow Lane',
  city: 'Austin',
  state: 'TX',
  zip_code: '78701',
  price: 650000,
  bedrooms: 4,
  bathrooms: 2.5,
  property_type: 'Residential',
  image: null,
  agent: { name: 'Lee Lister', company: 'Oak Realty' },
  ...overrides,
});

export const requestFixture = (overrides: Partial<NetworkRequestView> = {}): NetworkRequestView => ({
  id: 'b-1',
  state: 'waiting_for_seller',
  status: 'pending',
  starts_at: '2031-03-08T16:30:00.000Z',
  ends_at: '2031-03-08T17:00:00.000Z',
  proposed_starts_at: null,
  time_zone: 'America/Chicago',
  listing: { id: 7, address: '7 Willow Lane', city: 'Austin', state: 'TX', zip_code: '78701' },
  listing_agent: { name: 'Lee Lister', company: 'Oak Realty' },
  client: { name: 'Casey Client', email: 'casey@clients.test', phone: '+16465550101' },
  created_at: '2031-03-01T10:00:00.000Z',
  ...overrides,
});
