import { z } from 'zod';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const envSchema = z.object({
  // z.coerce.number alone reads a blank PORT as 0, a random port: blank is refused like any bad value.
  PORT: z
    .preprocess((v) => (typeof v === 'string' && v.trim() === '' ? Number.NaN : v), z.coerce.number().int().min(0).max(65_535))
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  SEED_DEMO_CATALOG: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  SERVE_WEB_APP: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
});

export type AppConfig = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  logLevel: (typeof logLevels)[number];
  seedDemoCatalog: boolean;
  serveWebApp: boolean;
};

export class ConfigError extends Error {}

/** Parses the environment once, at boot; a bad value names its variable. */
export function parseConfig(env: NodeJS.ProcessEnv): AppConfig {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment: ${problems.join('; ')}`);
  }
  const e = result.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    logLevel: e.LOG_LEVEL,
    seedDemoCatalog: e.SEED_DEMO_CATALOG,
    serveWebApp: e.SERVE_WEB_APP,
  };
}
