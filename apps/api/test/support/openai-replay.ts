// A 127.0.0.1 stand-in for an OpenAI-compatible chat-completions server (issue 31) that REPLAYS a recorded
// table of assistant messages: the answer to a request is looked up by the buyer's message (the last `user`
// message; with the agent's today read from the system prompt, since the corpus repeats some messages on two
// "todays") and the number of tool rounds since it. It speaks the `openai` package's documented shapes:
// POST {base}/chat/completions with {model, messages, tools} → a `chat.completion` object whose choice's message
// carries either `tool_calls` (`{id, type: 'function', function: {name, arguments}}`) or `content`. Every
// request is kept so the test can assert what we send.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReplayedMessage =
  { content: string } | { tool_calls: { name: string; arguments: Record<string, unknown> }[] };
export type Recording = Record<string, ReplayedMessage[]>;

export type SentRequest = {
  path: string;
  body: {
    model: string;
    messages: { role: string; content: string | null; tool_call_id?: string }[];
    tools: { type: string; function: { name: string } }[];
  };
};

export const recordingKey = (today: string, text: string) => `${today} ${text}`;

export type ReplayServer = {
  baseUrl: string;
  requests: SentRequest[];
  /** Rewrites recorded arguments at replay time (the corpus's property numbers → the database's ids). */
  mapArguments: (args: Record<string, unknown>) => Record<string, unknown>;
  close(): Promise<void>;
};

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function answerTo(recording: Recording, body: SentRequest['body'], replay: ReplayServer) {
  const lastUser = body.messages.map((m) => m.role).lastIndexOf('user');
  const text = body.messages[lastUser]?.content ?? '';
  const today = /Today is (\d{4}-\d{2}-\d{2})/.exec(body.messages[0]?.content ?? '')?.[1] ?? '';
  const round = body.messages.slice(lastUser + 1).filter((m) => m.role === 'assistant').length;
  const recorded = recording[recordingKey(today, text)]?.[round];
  if (!recorded) return null;
  if ('content' in recorded) return { role: 'assistant', content: recorded.content };
  return {
    role: 'assistant',
    content: null,
    tool_calls: recorded.tool_calls.map((c, i) => ({
      id: `call_${round}_${i}`,
      type: 'function',
      function: { name: c.name, arguments: JSON.stringify(replay.mapArguments(c.arguments)) },
    })),
  };
}

export async function startReplayServer(recording: Recording): Promise<ReplayServer> {
  let server: Server | null = null;
  const replay: ReplayServer = {
    baseUrl: '',
    requests: [],
    mapArguments: (args) => args,
    close: () =>
      new Promise<void>((resolve) => {
        server?.closeAllConnections();
        server?.close(() => resolve());
      }),
  };
  server = createServer((req, res) => {
    void readBody(req).then((raw) => {
      const body = JSON.parse(raw) as SentRequest['body'];
      replay.requests.push({ path: req.url ?? '', body });
      const message = req.url?.endsWith('/chat/completions') ? answerTo(recording, body, replay) : null;
      if (!message) {
        // Nothing recorded for this request: a 404 the provider path treats as an outage.
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'no recording', type: 'invalid_request_error' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: `chatcmpl-replay-${replay.requests.length}`,
          object: 'chat.completion',
          created: 0,
          model: body.model,
          choices: [
            { index: 0, finish_reason: message.tool_calls ? 'tool_calls' : 'stop', message, logprobs: null },
          ],
          usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  replay.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return replay;
}

/** The app's AI configuration pointed at a replay server (as AI_BASE_URL etc. configure it in production). */
export const replayEnv = (replay: ReplayServer): Record<string, string> => ({
  AI_BASE_URL: replay.baseUrl,
  AI_API_KEY: 'replay-key',
  AI_MODEL: 'replay-model',
  AI_TIMEOUT_SECONDS: '5',
});
