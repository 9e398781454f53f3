// One buyer message to an assistant conversation through the public API (the assistant tests share it).
import { expect } from 'vitest';
import type { ConversationResponse } from '@keyturn/domain/schemas/assistant';
import type { TestApp } from '../app';

export async function sayTo(t: TestApp, id: string, text: string): Promise<ConversationResponse> {
  const res = await t.request({
    method: 'POST',
    url: `/api/assistant/conversations/${id}/messages`,
    payload: { text },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A new conversation with the agent's assistant; its id. */
export async function startConversation(t: TestApp, agentId: string): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/api/assistant/conversations',
    payload: { agent_id: agentId },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().conversation_id;
}
