import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.js';

function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    parseConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error(`expected a ConfigError for ${JSON.stringify(env)}`);
}

describe('parseConfig', () => {
  it('backs up daily on the embedded database and not on PostgreSQL unless BACKUP_SCHEDULE says so', () => {
    expect(parseConfig({}).backups.everyMs).toBe(86_400_000);
    expect(parseConfig({ DATABASE_URL: 'postgres://db/x' }).backups.everyMs).toBeNull();
    expect(parseConfig({ DATABASE_URL: 'postgres://db/x', BACKUP_SCHEDULE: 'weekly' }).backups.everyMs).toBe(7 * 86_400_000);
    expect(parseConfig({ BACKUP_SCHEDULE: 'off' }).backups.everyMs).toBeNull();
    expect(parseConfig({ BACKUP_SCHEDULE: '2d' }).backups.everyMs).toBe(2 * 86_400_000);
    expect(parseConfig({ DATA_DIR: '/var/lib/x' }).mediaDir).toBe('/var/lib/x/media');
  });

  it('refuses a backup schedule or count it cannot read, naming the variable', () => {
    expect(configError({ BACKUP_SCHEDULE: 'every day' }).message).toContain('BACKUP_SCHEDULE: must be off, hourly, daily, weekly');
    expect(configError({ BACKUP_SCHEDULE: '0h' }).message).toContain('BACKUP_SCHEDULE: ');
    expect(configError({ BACKUP_KEEP: '0' }).message).toContain('BACKUP_KEEP: ');
  });

  it('starts on port 3000 with the embedded database in ./data, logging at info, when nothing is set', () => {
    expect(parseConfig({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: './data',
      backups: { dir: './backups', everyMs: 86_400_000, keep: 7 },
      logLevel: 'info',
      seedDemoCatalog: true,
      serveWebApp: true,
      serveSourceMaps: false,
      publicUrl: undefined,
      spotify: { clientId: null, accountsUrl: 'https://accounts.spotify.com', apiUrl: 'https://api.spotify.com/v1' },
      spotifyCredentials: null,
      trustProxy: false,
      limits: {
        demos: { max: 5, timeWindowMs: 600_000 },
        vip: { max: 10, timeWindowMs: 600_000 },
        notify: { max: 10, timeWindowMs: 600_000 },
        plays: { max: 60, timeWindowMs: 60_000 },
        reads: { max: 1200, timeWindowMs: 60_000, holdRefusals: { ms: 1000, max: 10_000 } },
        login: { maxFailures: 5, windowMs: 900_000 },
      },
      redisUrl: undefined,
      importJobs: { leaseMs: 30_000, pollMs: 5_000 },
      mail: { smtpUrl: undefined, from: undefined },
      catalogLoads: { waitMs: 1000, perClient: 16 },
      databaseStatementTimeoutMs: 5_000,
      metricsToken: undefined,
      shutdownGraceMs: 10_000,
      mediaDir: join('./data', 'media'),
      mediaS3: undefined,
      mediaStoreTimeoutMs: 120_000,
      stripe: null,
    });
  });

  it('takes every variable that is set', () => {
    expect(
      parseConfig({
        PORT: '8080',
        HOST: '127.0.0.1',
        DATABASE_URL: 'postgresql://app@db.internal:5432/buildit',
        DATA_DIR: '/var/lib/buildit',
        LOG_LEVEL: 'trace',
        SEED_DEMO_CATALOG: 'false',
        SERVE_WEB_APP: 'false',
        SERVE_SOURCE_MAPS: 'true',
        PUBLIC_URL: 'https://records.example/',
        SPOTIFY_CLIENT_ID: 'abc123DEF',
        SPOTIFY_CLIENT_SECRET: 'server-side-secret',
        SPOTIFY_ACCOUNTS_URL: 'http://127.0.0.1:4010/',
        SPOTIFY_API_URL: 'http://127.0.0.1:4010/v1',
        TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1',
        RATE_LIMIT_READS_PER_MINUTE: '5000',
        RATE_LIMIT_DEMOS_PER_10_MINUTES: '50',
        RATE_LIMIT_VIP_PER_10_MINUTES: '100',
        RATE_LIMIT_NOTIFY_PER_10_MINUTES: '30',
        RATE_LIMIT_PLAYS_PER_MINUTE: '600',
        LOGIN_FAILURES_PER_15_MINUTES: '2',
        REDIS_URL: 'redis://:secret@cache.internal:6379/2',
        IMPORT_JOB_LEASE_MS: '3000',
        IMPORT_JOB_POLL_MS: '250',
        SMTP_URL: 'smtps://demos%40label:p%40ss@mail.example:465',
        MAIL_FROM: 'demos@records.example',
        DATABASE_STATEMENT_TIMEOUT_MS: '2500',
        METRICS_TOKEN: 'scrape-me-0123456789',
        SHUTDOWN_GRACE_MS: '30000',
        BACKUP_DIR: '/srv/backups',
        BACKUP_SCHEDULE: '12h',
        BACKUP_KEEP: '30',
        MEDIA_DIR: '/var/lib/buildit-media',
        MEDIA_S3_URL: 'https://s3.eu-central-1.amazonaws.com/buildit-media',
        MEDIA_S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
        MEDIA_S3_SECRET_ACCESS_KEY: 'media-secret',
        MEDIA_S3_REGION: 'eu-central-1',
        MEDIA_STORE_TIMEOUT_MS: '90000',
        STRIPE_SECRET_KEY: 'sk_test_51abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
        STRIPE_API_URL: 'http://127.0.0.1:12111/',
      }),
    ).toEqual({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgresql://app@db.internal:5432/buildit',
      dataDir: '/var/lib/buildit',
      backups: { dir: '/srv/backups', everyMs: 12 * 3_600_000, keep: 30 },
      logLevel: 'trace',
      seedDemoCatalog: false,
      serveWebApp: false,
      serveSourceMaps: true,
      publicUrl: 'https://records.example',
      spotify: { clientId: 'abc123DEF', accountsUrl: 'http://127.0.0.1:4010', apiUrl: 'http://127.0.0.1:4010/v1' },
      spotifyCredentials: { clientId: 'abc123DEF', clientSecret: 'server-side-secret' },
      trustProxy: ['10.0.0.0/8', '127.0.0.1', '::1'],
      limits: {
        demos: { max: 50, timeWindowMs: 600_000 },
        vip: { max: 100, timeWindowMs: 600_000 },
        notify: { max: 30, timeWindowMs: 600_000 },
        plays: { max: 600, timeWindowMs: 60_000 },
        reads: { max: 5000, timeWindowMs: 60_000, holdRefusals: { ms: 1000, max: 10_000 } },
        login: { maxFailures: 2, windowMs: 900_000 },
      },
      redisUrl: 'redis://:secret@cache.internal:6379/2',
      importJobs: { leaseMs: 3000, pollMs: 250 },
      mail: { smtpUrl: 'smtps://demos%40label:p%40ss@mail.example:465', from: 'demos@records.example' },
      catalogLoads: { waitMs: 1000, perClient: 16 },
      databaseStatementTimeoutMs: 2500,
      metricsToken: 'scrape-me-0123456789',
      shutdownGraceMs: 30_000,
      mediaDir: '/var/lib/buildit-media',
      mediaS3: { url: 'https://s3.eu-central-1.amazonaws.com/buildit-media', accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'media-secret', region: 'eu-central-1', timeoutMs: 90_000 },
      mediaStoreTimeoutMs: 90_000,
      stripe: { secretKey: 'sk_test_51abc', webhookSecret: 'whsec_abc123', apiUrl: 'http://127.0.0.1:12111' },
    });
    expect(parseConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1/postgres', PORT: '0' })).toMatchObject({
      databaseUrl: 'postgres://postgres@127.0.0.1/postgres',
      port: 0,
    });
  });

  it.each(['http', '-1', '65536', '80.5', '', ' '])('refuses PORT=%j, naming PORT', (port) => {
    expect(configError({ PORT: port }).message).toMatch(/^Invalid environment: PORT: /);
  });

  it('refuses an SMTP_URL of another scheme, and SMTP_URL without MAIL_FROM, naming them', () => {
    expect(configError({ SMTP_URL: 'http://mail.example', MAIL_FROM: 'a@b.example' }).message).toMatch(/^Invalid environment: SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(configError({ SMTP_URL: 'smtp://mail.example:587' }).message).toBe('Invalid environment: MAIL_FROM: is required with SMTP_URL');
    expect(configError({ MAIL_FROM: 'not an address' }).message).toMatch(/^Invalid environment: MAIL_FROM: must be an email address/);
    expect(parseConfig({ SMTP_URL: ' ', MAIL_FROM: '' }).mail).toEqual({ smtpUrl: undefined, from: undefined });
  });

  it('takes MAIL_FROM as a bare address or as a name and an address, as mail programs write it; refuses a name without one', () => {
    const smtp = { SMTP_URL: 'smtp://mail.example:587' };
    expect(parseConfig({ ...smtp, MAIL_FROM: 'Build It Records <demos@records.example>' }).mail.from).toBe('Build It Records <demos@records.example>');
    expect(parseConfig({ ...smtp, MAIL_FROM: ' "Records, Inc." <demos@records.example> ' }).mail.from).toBe('"Records, Inc." <demos@records.example>');
    expect(parseConfig({ ...smtp, MAIL_FROM: '<demos@records.example>' }).mail.from).toBe('<demos@records.example>');
    for (const bad of ['Build It Records', 'Build It Records <>', 'Build It Records <demos>', 'Build It Records demos@records.example', 'a@b.example <c@d.example', '"Open <demos@records.example>']) {
      expect(configError({ ...smtp, MAIL_FROM: bad }).message, bad).toMatch(/^Invalid environment: MAIL_FROM: must be an email address .*or a name and one/);
    }
  });

  it('refuses a short or spaced METRICS_TOKEN and a SHUTDOWN_GRACE_MS that is not a whole number of milliseconds, naming them; a blank token is none', () => {
    expect(configError({ METRICS_TOKEN: 'short' }).message).toBe('Invalid environment: METRICS_TOKEN: must be at least 16 characters');
    expect(configError({ METRICS_TOKEN: 'sixteen chars and spaces' }).message).toBe('Invalid environment: METRICS_TOKEN: must be printable ASCII without spaces');
    expect(parseConfig({ METRICS_TOKEN: '  ' }).metricsToken).toBeUndefined();
    for (const value of ['-1', '2.5', 'soon', '600001']) expect(configError({ SHUTDOWN_GRACE_MS: value }).message).toMatch(/^Invalid environment: SHUTDOWN_GRACE_MS: /);
    expect(parseConfig({ SHUTDOWN_GRACE_MS: '0' }).shutdownGraceMs).toBe(0);
  });

  it('keeps media in DATA_DIR/media, MEDIA_DIR, or S3 with MEDIA_S3_URL and both credentials, naming what is wrong', () => {
    expect(parseConfig({}).mediaDir).toBe(join('./data', 'media'));
    expect(parseConfig({ DATA_DIR: '/srv/bir' }).mediaDir).toBe('/srv/bir/media');
    expect(parseConfig({ MEDIA_DIR: '/mnt/shared/media', MEDIA_S3_URL: ' ' })).toMatchObject({ mediaDir: '/mnt/shared/media', mediaS3: undefined });
    const s3 = { MEDIA_S3_URL: 'http://127.0.0.1:9000/media', MEDIA_S3_ACCESS_KEY_ID: 'key', MEDIA_S3_SECRET_ACCESS_KEY: 'secret' };
    expect(parseConfig(s3).mediaS3).toEqual({ url: 'http://127.0.0.1:9000/media', accessKeyId: 'key', secretAccessKey: 'secret', region: 'us-east-1', timeoutMs: 120_000 });
    expect(parseConfig({ ...s3, MEDIA_S3_REGION: 'eu-central-1' }).mediaS3?.region).toBe('eu-central-1');
    expect(configError({ MEDIA_S3_URL: 'http://127.0.0.1:9000/media' }).message).toBe(
      'Invalid environment: MEDIA_S3_ACCESS_KEY_ID: MEDIA_S3_URL needs MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY',
    );
    expect(configError({ ...s3, MEDIA_S3_URL: 'http://127.0.0.1:9000' }).message).toMatch(/^Invalid environment: MEDIA_S3_URL: must name the bucket/);
    expect(configError({ ...s3, MEDIA_S3_URL: 's3://media' }).message).toMatch(/^Invalid environment: MEDIA_S3_URL: must be an http/);
  });

  it('reads a blank SPOTIFY_CLIENT_ID as none', () => {
    expect(parseConfig({ SPOTIFY_CLIENT_ID: ' ' }).spotify.clientId).toBeNull();
  });

  it('has server-side Spotify credentials only with both the client id and the secret', () => {
    expect(parseConfig({}).spotifyCredentials).toBeNull();
    expect(parseConfig({ SPOTIFY_CLIENT_ID: 'abc123' }).spotifyCredentials).toBeNull();
    expect(parseConfig({ SPOTIFY_CLIENT_SECRET: 'secret' }).spotifyCredentials).toBeNull();
    expect(parseConfig({ SPOTIFY_CLIENT_ID: 'abc123', SPOTIFY_CLIENT_SECRET: ' ' }).spotifyCredentials).toBeNull();
  });

  it.each([
    ['SPOTIFY_CLIENT_ID', 'abc def'],
    ['SPOTIFY_ACCOUNTS_URL', 'accounts.spotify.com'],
    ['SPOTIFY_ACCOUNTS_URL', 'ftp://accounts.spotify.com'],
    ['SPOTIFY_API_URL', ''],
    ['STRIPE_SECRET_KEY', 'pk_live_123'],
    ['STRIPE_WEBHOOK_SECRET', 'secret'],
    ['STRIPE_API_URL', 'api.stripe.com'],
  ])('refuses %s=%j, naming it', (name, value) => {
    expect(configError({ [name]: value }).message).toMatch(new RegExp(`^Invalid environment: ${name}: `));
  });

  it('takes Stripe only with a secret key, and refuses one without PUBLIC_URL, naming both', () => {
    expect(parseConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_SECRET_KEY: ' ' }).stripe).toBeNull();
    expect(parseConfig({ STRIPE_SECRET_KEY: 'sk_test_1', PUBLIC_URL: 'https://records.example' }).stripe).toEqual({
      secretKey: 'sk_test_1',
      webhookSecret: undefined,
      apiUrl: 'https://api.stripe.com',
    });
    expect(configError({ STRIPE_SECRET_KEY: 'sk_test_1' }).message).toBe(
      'Invalid environment: PUBLIC_URL: is required with STRIPE_SECRET_KEY (Stripe Checkout returns the member to PUBLIC_URL)',
    );
  });

  it.each([
    ['IMPORT_JOB_LEASE_MS', '999'],
    ['IMPORT_JOB_LEASE_MS', '30s'],
    ['IMPORT_JOB_LEASE_MS', ''],
    ['IMPORT_JOB_POLL_MS', '0'],
    ['IMPORT_JOB_POLL_MS', '2.5'],
  ])('refuses %s=%j, naming it', (name, value) => {
    expect(configError({ [name]: value }).message).toMatch(new RegExp(`^Invalid environment: ${name}: `));
  });

  it.each([
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['HTTPS://Records.Example:443', 'https://records.example'],
    [' ', undefined],
  ])('reads PUBLIC_URL=%j as the origin %j', (value, origin) => {
    expect(parseConfig({ PUBLIC_URL: value }).publicUrl).toBe(origin);
  });

  it.each(['records.example', 'ftp://records.example', 'https://records.example/music', 'https://records.example/?a=1', 'https://user:pw@records.example'])(
    'refuses PUBLIC_URL=%j, naming it',
    (value) => {
      expect(configError({ PUBLIC_URL: value }).message).toBe(
        'Invalid environment: PUBLIC_URL: must be an http:// or https:// origin such as https://records.example (no path)',
      );
    },
  );

  it.each(['verbose', 'INFO', ''])('refuses LOG_LEVEL=%j, naming LOG_LEVEL', (level) => {
    expect(configError({ LOG_LEVEL: level }).message).toMatch(/^Invalid environment: LOG_LEVEL: /);
  });

  it.each(['mysql://root@localhost/db', 'localhost:5432', ''])('refuses DATABASE_URL=%j, naming DATABASE_URL', (url) => {
    expect(configError({ DATABASE_URL: url }).message).toBe(
      'Invalid environment: DATABASE_URL: must be a postgres:// or postgresql:// URL',
    );
  });

  it.each([
    ['false', false],
    // One hop, the proxy in front: never every hop, which would take the client's own leftmost X-Forwarded-For.
    ['true', 1],
    ['2', 2],
    ['fd00::/8', ['fd00::/8']],
  ])('reads TRUST_PROXY=%j', (value, expected) => {
    expect(parseConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['yes', '10.0.0.0/33', '300.1.1.1', 'proxy.internal', '0', '10'])('refuses TRUST_PROXY=%j, naming it', (value) => {
    expect(configError({ TRUST_PROXY: value }).message).toMatch(/^Invalid environment: TRUST_PROXY: .* is not an IP address or CIDR range/);
  });

  it.each(['localhost:6379', 'http://cache.internal', 'redis://'])('refuses REDIS_URL=%j, naming REDIS_URL', (url) => {
    expect(configError({ REDIS_URL: url }).message).toBe('Invalid environment: REDIS_URL: must be a redis:// or rediss:// URL');
  });

  it.each(['', '  '])('reads a blank REDIS_URL=%j as unset: each instance counts in its own memory', (url) => {
    expect(parseConfig({ REDIS_URL: url }).redisUrl).toBeUndefined();
  });

  it.each(['RATE_LIMIT_READS_PER_MINUTE', 'RATE_LIMIT_DEMOS_PER_10_MINUTES', 'RATE_LIMIT_VIP_PER_10_MINUTES', 'RATE_LIMIT_NOTIFY_PER_10_MINUTES', 'RATE_LIMIT_PLAYS_PER_MINUTE', 'LOGIN_FAILURES_PER_15_MINUTES'])(
    'refuses a count of %s that is not a whole number of at least 1, naming it',
    (name) => {
      for (const value of ['0', '-3', '2.5', 'many', '']) expect(configError({ [name]: value }).message).toMatch(new RegExp(`^Invalid environment: ${name}: `));
    },
  );

  it('names every bad variable at once', () => {
    const message = configError({ PORT: 'x', LOG_LEVEL: 'loud', SEED_DEMO_CATALOG: 'yes', DATA_DIR: '' }).message;
    for (const name of ['PORT', 'LOG_LEVEL', 'SEED_DEMO_CATALOG', 'DATA_DIR']) expect(message).toContain(`${name}: `);
  });
});
