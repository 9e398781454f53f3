// SSO for Enterprise teams (issue 41, decision 070): the owner's settings under /api/team/sso.
//   GET    /api/team/sso        the settings (the secret only as set / not set) and the redirect address
//   PUT    /api/team/sso        {issuer, client_id, client_secret?, email_domain}; 409 when another team has the domain
//   DELETE /api/team/sso        SSO off; every member stays
//   POST   /api/team/sso/check  {issuer}: reads the provider's discovery document and says what it found
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  TEAM_SSO_MESSAGES,
  TEAM_SSO_TEXTS,
  teamSsoCheckInputSchema,
  teamSsoCheckSchema,
  teamSsoInputSchema,
  teamSsoSettingsSchema,
} from '@keyturn/domain/teamSso';
import type { Auth } from '../../auth';
import type { Db } from '../../db/client';
import { currentUser, requireUser } from '../../http/authenticate';
import { AppError } from '../../http/errors';
import type { OutboundPolicy } from '../../http/outbound-url';
import { ssoRedirectUri } from './sign-in-parts';
import { discover } from './sso-oidc';
import type { SecretBox } from '../core/crypto';
import { errors } from '../teams/routes';
import { removeTeamSso, requireTeamOwner, saveTeamSso, teamSsoSettings } from './team-sso';

const tags = ['teams'];

export async function teamSsoRoutes(
  app: FastifyInstance,
  opts: { auth: Auth; db: Db; box: SecretBox; publicUrl: string; outbound: OutboundPolicy },
) {
  const { db, box } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(opts.auth);
  const redirectUri = ssoRedirectUri(opts.publicUrl);

  r.get(
    '/api/team/sso',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary:
          "The team's SSO settings (owners): issuer, client id, whether a secret is set, e-mail domain",
        response: { 200: teamSsoSettingsSchema, ...errors },
      },
    },
    async (request) => teamSsoSettings(db, currentUser(request).id, redirectUri),
  );

  r.put(
    '/api/team/sso',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "Set the team's SSO (owners, Enterprise): OpenID Connect issuer, client and e-mail domain",
        body: teamSsoInputSchema,
        response: { 200: teamSsoSettingsSchema, ...errors },
      },
    },
    async (request) => saveTeamSso(db, box, currentUser(request).id, request.body, redirectUri),
  );

  r.delete(
    '/api/team/sso',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "Remove the team's SSO (owners); members stay in the team",
        response: { 200: z.object({ success: z.literal(true), message: z.string() }), ...errors },
      },
    },
    async (request) => {
      await removeTeamSso(db, currentUser(request).id);
      return { success: true as const, message: TEAM_SSO_TEXTS.removed };
    },
  );

  r.post(
    '/api/team/sso/check',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "Read an issuer's OpenID Connect discovery document (owners) and say what it names",
        body: teamSsoCheckInputSchema,
        response: { 200: teamSsoCheckSchema, ...errors },
      },
    },
    async (request) => {
      await requireTeamOwner(db, currentUser(request).id);
      try {
        const as = await discover(request.body.issuer, opts.outbound);
        const found = {
          issuer: as.issuer,
          authorizationEndpoint: as.authorization_endpoint!,
          tokenEndpoint: as.token_endpoint!,
        };
        return {
          issuer: found.issuer,
          authorization_endpoint: found.authorizationEndpoint,
          token_endpoint: found.tokenEndpoint,
          message: TEAM_SSO_TEXTS.checkFound(found),
        };
      } catch (err) {
        const message = TEAM_SSO_MESSAGES.discoveryFailed((err as Error).message);
        throw new AppError(400, 'SSO_DISCOVERY_FAILED', message, { issuer: message });
      }
    },
  );
}
