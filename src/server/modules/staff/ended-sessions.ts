import type { AdminTokenClaims } from './admin-tokens.js';

/**
 * The sessions this process has ended (logouts, password changes), known at once without the
 * database. Only the job poll's shortcut on the embedded database reads it (docs/decisions/0018):
 * there the server is one process, through which every logout and password change passes, and the
 * running import holds the database. Every other check asks the database.
 */
export class EndedSessions {
  /** Logged-out token ids, each until the token would have expired anyway (epoch ms). */
  private readonly tokens = new Map<string, number>();
  /** Admin id → its session epoch since its latest password change here. */
  private readonly epochs = new Map<string, number>();

  endToken(token: AdminTokenClaims, now: Date): void {
    for (const [jti, expiresAt] of this.tokens) if (expiresAt <= now.getTime()) this.tokens.delete(jti);
    this.tokens.set(token.jti, token.expiresAt.getTime());
  }

  /** Every token of the admin from before `epoch` has ended. */
  endSessionsBefore(adminId: string, epoch: number): void {
    this.epochs.set(adminId, Math.max(epoch, this.epochs.get(adminId) ?? 0));
  }

  hasEnded(token: AdminTokenClaims): boolean {
    return this.tokens.has(token.jti) || token.sessionEpoch < (this.epochs.get(token.sub) ?? 0);
  }
}
