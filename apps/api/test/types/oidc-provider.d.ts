// The test-only OpenID Connect provider ships no types: the part test/support/oidc-provider.ts uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  type Claims = Record<string, unknown>;
  type Account = { accountId: string; claims: () => Claims | Promise<Claims> };
  type Interaction = { uid: string; params: Record<string, unknown> };

  export type Configuration = {
    clients?: Record<string, unknown>[];
    claims?: Record<string, string[]>;
    conformIdTokenClaims?: boolean;
    features?: Record<string, unknown>;
    interactions?: { url: (ctx: unknown, interaction: Interaction) => string };
    pkce?: { required: () => boolean };
    cookies?: { keys: string[] };
    findAccount?: (ctx: unknown, sub: string) => Account | undefined | Promise<Account | undefined>;
  };

  class Grant {
    constructor(input: { accountId: string; clientId: string });
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    Grant: typeof Grant;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
  }
}
