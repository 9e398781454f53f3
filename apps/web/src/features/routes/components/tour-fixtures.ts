// Test data for the tour builder's tests (the builder and My day opened from a lead).
/** A property of the agent's, as GET /properties lists it. */
export const listedProperty = (id: number, address: string) => ({
  id,
  public_id: `p${id}`,
  agent_id: 'a',
  address,
  city: 'Austin',
  state: 'TX',
  zip_code: '78701',
  price: 1,
  bedrooms: 1,
  bathrooms: 1,
  property_type: 'Residential',
  images: [],
  is_public: true,
});
