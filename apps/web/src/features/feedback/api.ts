// The public feedback calls (issue 6): the page reads the showing and its questions by the link's public id
// and sends the answers; a second send replaces the first.
import type { z } from 'zod';
import type {
  FeedbackAnswers,
  PublicFeedbackView,
  publicFeedbackSavedSchema,
} from '@keyturn/domain/schemas/feedback';
import { api } from '@/lib/api';

export type FeedbackSaved = z.infer<typeof publicFeedbackSavedSchema>;

const segment = encodeURIComponent;

export const feedbackKeys = {
  form: (publicId: string) => ['feedback', 'public', publicId] as const,
};

/** GET /feedback/public/{publicId}; 404 FEEDBACK_LINK_NOT_FOUND for an unknown link. */
export function fetchFeedbackForm(publicId: string): Promise<PublicFeedbackView> {
  return api.get<PublicFeedbackView>(`/feedback/public/${segment(publicId)}`);
}

/** PUT /feedback/public/{publicId}: 201 the first time, 200 when replacing; 400 with `fields` when invalid. */
export function submitFeedback(publicId: string, answers: FeedbackAnswers): Promise<FeedbackSaved> {
  return api.put<FeedbackSaved>(`/feedback/public/${segment(publicId)}`, answers);
}
