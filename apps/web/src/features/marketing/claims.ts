// The marketing figures of spec §1, written once for the landing and about pages.
export const AUDIENCE_CLAIMS = [
  { value: '50k+', label: 'showings scheduled' },
  { value: '10k+', label: 'agents' },
  { value: '98%', label: 'satisfaction' },
] as const;

export const PERFORMANCE_CLAIMS = [
  { value: '85%', label: 'faster scheduling' },
  { value: '60%', label: 'less travel time' },
  { value: '40%', label: 'more showings' },
] as const;
