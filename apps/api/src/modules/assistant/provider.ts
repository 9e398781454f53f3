// The optional AI provider of the booking assistant (issue 17): an OpenAI-compatible chat-completions server.
import type { ConversationMessage } from '@keyturn/domain/schemas/assistant';
import type { ConversationState, TurnContext, TurnResult } from './offline';

export type AssistantProvider = {
  /**
   * One turn driven by the provider; null when it failed (the conversation goes on offline), 'not-configured'
   * when no provider is set at the moment (Server settings, decision 048: this turn is offline, later ones may not be).
   */
  turn(
    t: TurnContext,
    state: ConversationState,
    history: ConversationMessage[],
    text: string,
  ): Promise<TurnResult | null | 'not-configured'>;
};
