import pino, { type DestinationStream, type Logger } from 'pino';
import { hideLinkSecrets, secretLinks } from './secret-links.js';

// Whatever a visitor or an admin types that must never reach a log line, at the top of a logged
// object or one level down (`{ body: { email } }`), plus the credentials in request headers.
const secretKeys = ['password', 'currentPassword', 'newPassword', 'token', 'email', 'authorization', 'cookie'];
const redactPaths = [...secretKeys, ...secretKeys.map((key) => `*.${key}`), 'req.headers.authorization', 'req.headers.cookie'];

/** A request's URL as the log keeps it: a secret link's token censored. */
export function loggedUrl(url: string): string {
  return hideLinkSecrets(url, secretLinks, '[redacted]');
}

/** Fastify's request line (pino-http's fields), with the URL as `loggedUrl` keeps it. */
function loggedRequest(req: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } }) {
  return { method: req.method, url: loggedUrl(req.url), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort };
}

/** The server's logger: JSON lines (pretty on a terminal), secrets censored. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, redact: { paths: redactPaths, censor: '[redacted]' }, serializers: { req: loggedRequest } };
  if (destination) return pino(options, destination);
  return pino({
    ...options,
    ...(process.stdout.isTTY ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } } : {}),
  });
}

/**
 * Writes plain text to the log's own output, in order with its lines (which it writes asynchronously:
 * `process.stdout` would pass them). On a terminal, pino-pretty passes a line that is not JSON as it is.
 */
export function writeBesideLog(logger: Logger, text: string): void {
  (logger as unknown as Record<symbol, { write(chunk: string): void }>)[pino.symbols.streamSym]?.write(text);
}

/**
 * What the log keeps of an unexpected error: a failed query's SQL but not its parameters, and the
 * database's error code but not its message, since both can hold what a visitor typed (emails, names).
 */
export function loggableError(err: Error) {
  const code = (err as { code?: unknown }).code ?? (err.cause as { code?: unknown } | undefined)?.code;
  return {
    type: err.name,
    message: err.message.split('\nparams:')[0],
    ...(code === undefined ? {} : { code }),
    stack: err.stack?.split('\n').filter((line) => line.startsWith('    at ')).join('\n'),
  };
}
