import type { FastifyReply, FastifyRequest } from 'fastify';
import { vipSignInRequiredMessage } from '../../../shared/api/vip-account.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { memberOfSession } from './member-account.service.js';
import type { VipMemberRow } from './vip.repo.js';

// The member session's cookie (docs/decisions/0063): HttpOnly, sent only to /api/vip.

const sessionCookie = 'vip_session';

export function sessionToken(request: FastifyRequest): string | undefined {
  const pair = (request.headers.cookie ?? '')
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([key]) => key === sessionCookie);
  return pair?.[1] || undefined;
}

export function setSessionCookie(reply: FastifyReply, value: string, maxAgeSeconds: number, secure: boolean): void {
  reply.header('set-cookie', `${sessionCookie}=${value}; Path=/api/vip; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure ? '; Secure' : ''}`);
}

/** The member whose session the request carries; undefined without a live one. */
export function memberOfRequest(db: Db, request: FastifyRequest, now: Date): Promise<VipMemberRow | undefined> {
  return memberOfSession(db, sessionToken(request), now);
}

/** The signed-in member; 401 asking for the emailed sign-in without a live session. */
export async function signedInMember(db: Db, request: FastifyRequest, now: Date): Promise<VipMemberRow> {
  const member = await memberOfRequest(db, request, now);
  if (!member) throw new AppError(401, vipSignInRequiredMessage);
  return member;
}
