import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { errorResponseSchema } from '../../../shared/api/common.js';
import {
  vipDownloadLinkResponseSchema,
  vipDownloadLinkUnusableMessage,
  vipDownloadMembersOnlyMessage,
  vipDownloadOtherMemberMessage,
  vipDownloadSignInMessage,
  vipEarlyAccessMembersOnlyMessage,
} from '../../../shared/api/vip-account.js';
import { earlyAccessResponseSchema, memberDownloadsResponseSchema, memberPerksQuerySchema } from '../../../shared/api/vip-perks.js';
import { memberPerksUnavailableMessages } from '../../../shared/domain/member-perks.js';
import { currentSiteSettings } from '../../../shared/site-settings.js';
import { downloadFormats } from '../../../shared/download-formats.js';
import type { MembershipDeps } from './membership.deps.js';
import { AppError, NotFoundError } from '../../errors.js';
import { getEarlyAccessTracks, getMemberDownloads } from '../catalog/index.js';
import { attachment, earlyAccessPreview, findMemberDownload, sendBody, sendStoredFile } from '../media/index.js';
import { memberOfDownloadLink, signDownload } from './member-downloads.service.js';
import { memberOfRequest, signedInMember } from './member-session.js';

const trackParams = z.object({ trackId: z.string().min(1).max(100) });
/** `?format=`: one of the download formats (docs/decisions/0103); without it, the master as uploaded. */
const formatQuery = { format: z.enum(downloadFormats).optional() };

/**
 * What the plans promise, for the signed-in member (docs/decisions/0064, 0066): the lists their page
 * shows, a download's signed link and the file, and early access's private previews.
 */
export const memberPerksRoutes: FastifyPluginAsyncZod<MembershipDeps> = async (app, { db, clock, jwtSecret, mediaStore, downloadFormats: formats }) => {
  /** The signed-in active member: 401 signed out; 403 saying why (and the way back) for any other status. */
  async function activeMember(req: FastifyRequest) {
    const member = await signedInMember(db, req, clock());
    if (member.status !== 'active') throw new AppError(403, memberPerksUnavailableMessages[member.status]);
    return member;
  }
  const listErrors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

  app.get(
    '/vip/downloads',
    {
      schema: {
        tags: ['vip'],
        description:
          "The member downloads (tracks staff marked whose audio is uploaded), newest release first, paged, for the signed-in active member's page. " +
          '401 without a member session; 403 with the reason (and the way back) for a member who is not active.',
        querystring: memberPerksQuerySchema,
        response: { 200: memberDownloadsResponseSchema, ...listErrors },
      },
    },
    async (req, reply) => {
      await activeMember(req);
      reply.header('Cache-Control', 'private, no-store');
      const { data, total } = await getMemberDownloads(db, clock(), req.query);
      return { success: true as const, data, total, offset: req.query.offset, limit: req.query.limit };
    },
  );

  app.get(
    '/vip/early-access',
    {
      schema: {
        tags: ['vip'],
        description:
          'The tracks of upcoming releases that have a preview, soonest first, paged, for the signed-in active member: each with opens_at ' +
          `(${currentSiteSettings().vip.earlyAccessDays} days before the release) and, once open, preview_url (GET /api/vip/early-access/{trackId}). ` +
          '401 without a member session; 403 with the reason for a member who is not active.',
        querystring: memberPerksQuerySchema,
        response: { 200: earlyAccessResponseSchema, ...listErrors },
      },
    },
    async (req, reply) => {
      await activeMember(req);
      reply.header('Cache-Control', 'private, no-store');
      const { data, total } = await getEarlyAccessTracks(db, clock(), currentSiteSettings().vip.earlyAccessDays, req.query);
      return { success: true as const, data, total, offset: req.query.offset, limit: req.query.limit };
    },
  );

  // VIP-only downloads (docs/decisions/0064): a signed, expiring link per member; the file as uploaded.
  app.post(
    '/vip/downloads/:trackId',
    {
      schema: {
        tags: ['vip'],
        description:
          "A download link for a track staff made a member download, for the signed-in active member: signed with the app's secret, " +
          'for this member alone (it needs their session), working for 10 minutes. 403 without a member session or for a member who is not active; 404 for a track that is no member download.',
        params: trackParams,
        querystring: z.object(formatQuery),
        response: { 200: vipDownloadLinkResponseSchema, 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (req, reply) => {
      const member = await memberOfRequest(db, req, clock());
      if (member?.status !== 'active') throw new AppError(403, vipDownloadMembersOnlyMessage);
      if (!(await findMemberDownload(db, req.params.trackId))) throw new NotFoundError(`No member download for track ${req.params.trackId}`);
      const link = signDownload(jwtSecret, req.params.trackId, member.id, clock());
      reply.header('Cache-Control', 'private, no-store');
      const format = req.query.format ? `&format=${req.query.format}` : '';
      return { success: true as const, data: { url: `/api/vip/downloads/${req.params.trackId}?${link.query}${format}`, expires_at: link.expiresAt.toISOString() } };
    },
  );

  app.get(
    '/vip/downloads/:trackId',
    {
      // A HEAD would start a format's job and wait for it: no HEAD (404), as the shop's download routes.
      exposeHeadRoute: false,
      schema: {
        tags: ['vip'],
        description:
          'The uploaded original of a member download, or with ?format= one of wav, flac, aiff, mp3-320, mp3-v0 made from it (made once; 503 with Retry-After ' +
          'while it is being made, 409 when it cannot be), as an attachment (with Range), through a link from POST /api/vip/downloads/{trackId}, for its ' +
          "member's own session alone (docs/decisions/0096). 401 without a member session; 403 for a link that was tampered with or expired, " +
          "another member's session, or a member who is no longer active. No HEAD (it would make the format).",
        params: trackParams,
        querystring: z.object({ member: z.string().max(100).default(''), expires: z.coerce.number().int().default(0), signature: z.string().max(200).default(''), ...formatQuery }),
        response: {
          200: { description: 'The file as uploaded, or in the format asked for, as an attachment', content: { 'application/octet-stream': { schema: z.any() } } },
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      const { member: memberId, expires, signature } = req.query;
      const member = await memberOfDownloadLink(db, jwtSecret, { trackId: req.params.trackId, memberId, expires }, signature, clock());
      if (member === 'unsigned') throw new AppError(403, vipDownloadLinkUnusableMessage);
      // The link is its member's alone: a link passed on, or found in a history, opens nothing for anyone else.
      const signedIn = await memberOfRequest(db, req, clock());
      if (!signedIn) throw new AppError(401, vipDownloadSignInMessage);
      if (signedIn.id !== member?.id) throw new AppError(403, vipDownloadOtherMemberMessage);
      if (member.status !== 'active') throw new AppError(403, vipDownloadMembersOnlyMessage);
      const missing = `No member download for track ${req.params.trackId}`;
      const download = await findMemberDownload(db, req.params.trackId);
      if (!download) throw new NotFoundError(missing);
      req.log.info({ track: req.params.trackId, member: member.id, format: req.query.format }, 'vip download');
      if (req.query.format) return formats.send(req, reply, req.params.trackId, req.query.format);
      reply.header('Content-Disposition', attachment(download.fileName));
      return sendStoredFile(req, reply, mediaStore, { key: download.originalKey, missing });
    },
  );

  // Early access (docs/decisions/0064): an upcoming release's previews, for active members, privately.
  app.get(
    '/vip/early-access/:trackId',
    {
      schema: {
        tags: ['vip'],
        description:
          `The preview of a track of an upcoming release, for the signed-in active member, from ${currentSiteSettings().vip.earlyAccessDays} days before its date ` +
          '(Cache-Control: private, no-store). 403 without a member session, for a member who is not active, or before early access opens; ' +
          '404 for a track that is not upcoming (its preview is public) or has no preview of ours.',
        params: trackParams,
        response: { 200: { description: 'The preview (MP3 or WAV)', content: { 'audio/*': { schema: z.any() } } }, 403: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      const member = await memberOfRequest(db, req, clock());
      if (member?.status !== 'active') throw new AppError(403, vipEarlyAccessMembersOnlyMessage);
      const missing = `No early-access preview for track ${req.params.trackId}`;
      const preview = await earlyAccessPreview(db, req.params.trackId, clock(), currentSiteSettings().vip.earlyAccessDays);
      if (preview.kind === 'none') throw new NotFoundError(missing);
      if (preview.kind === 'not-yet') throw new AppError(403, `Early access to this release opens ${preview.opensAt.toISOString()}`);
      if (preview.kind === 'generated') return sendBody(req, reply, 'audio/wav', preview.body);
      return sendStoredFile(req, reply, mediaStore, { key: preview.key, missing, type: 'audio/mpeg' });
    },
  );

};
