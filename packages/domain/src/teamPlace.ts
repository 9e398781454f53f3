// Where a team consultation happens (issue 29): the team's office, at its address, or by phone or video —
// the team's own choice (Settings → Team). One text for the team page, the booking panel and the
// confirmation. A small file of its own: the booking page's panel reads it without the team rules.

export const CONSULTATION_PLACES = ['office', 'remote'] as const;
export type ConsultationPlace = (typeof CONSULTATION_PLACES)[number];

export const CONSULTATION_PLACE_LABELS: Record<ConsultationPlace, string> = {
  office: 'At our office',
  remote: 'By phone or video',
};

export const TEAM_PLACE_MESSAGES = {
  officeAddressRequired: 'Enter the office address where the team meets buyers',
  placeRequired: 'Choose the office or phone and video',
} as const;

/** What a buyer reads as the place: the office's address, or "By phone or video". */
export function consultationPlaceText(consultation: {
  place: ConsultationPlace;
  address: string | null;
}): string {
  return consultation.place === 'office' && consultation.address
    ? consultation.address
    : CONSULTATION_PLACE_LABELS.remote;
}
