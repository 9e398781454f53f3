// Fair housing (issue 46, decision 090): the assistant never suggests homes or areas by who lives there. A
// steering request ("a neighbourhood without …", "where families like us live", "¿quién vive allí?") gets
// one fixed sentence in the buyer's language — no home, area or time offered with it — and the conversation
// goes on from where it was: the next message is read as usual. Neither the AI provider nor the offline
// rules see the request.
import { FAIR_HOUSING_TEXTS, isSteeringRequest } from '@keyturn/domain/insights/fairHousing';
import { detectLanguage } from './language';
import type { ConversationState, TurnResult } from './offline';

/** The fixed answer to a steering request, or null when the message is not one. */
export function steeringAnswer(state: ConversationState, text: string): TurnResult | null {
  if (!isSteeringRequest(text)) return null;
  const detected = detectLanguage(text);
  const language =
    detected === 'en' || detected === 'es'
      ? detected
      : spanishWords(text) >= 2
        ? 'es'
        : (state.language ?? 'en');
  return {
    replies: [FAIR_HOUSING_TEXTS.steering[language]],
    state: { ...state, language },
    booking: null,
  };
}

/** Short Spanish requests the booking-word detector cannot place ("Prefiero un vecindario sin …"). */
const SPANISH_HINTS =
  /(?<![\p{L}])(?:un|una|el|la|los|las|sin|con|hay|que|qué|donde|dónde|quien|quién|vive|viven|zona|barrio|vecindario|gente|busco|prefiero|quiero|muchos|menos|allí)(?![\p{L}])/giu;

function spanishWords(text: string): number {
  return new Set(text.toLowerCase().match(SPANISH_HINTS) ?? []).size;
}
