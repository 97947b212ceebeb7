import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'bank-config-'));

describe('loadConfig', () => {
  it('names this server by SERVER_ID, else by a random id of this process (X-Served-By)', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), SERVER_ID: 'web-2.eu:1' }).serverId).toBe(
      'web-2.eu:1',
    );
    const named = loadConfig({ DATA_DIR: dataDir() }).serverId;
    expect(named).toMatch(/^srv-[A-Za-z0-9_-]{11}$/);
    expect(loadConfig({ DATA_DIR: dataDir() }).serverId).toBe(named);
  });

  it('has working defaults for a newcomer', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      basePath: '/wp-user',
      dataDir: dir,
      databaseUrl: undefined,
      redisUrl: undefined,
      currency: 'USD',
      env: 'development',
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['BASE_PATH', 'wp-user'],
    ['BASE_PATH', '/wp-user/'],
    ['BASE_PATH', '/api'],
    ['DATABASE_URL', 'mysql://localhost/bank'],
    ['SECRET_KEY', 'short'],
    ['CURRENCY', 'usd'],
    ['NODE_ENV', 'staging'],
    ['TRUST_PROXY', 'yes'],
    ['REDIS_URL', 'localhost:6379'],
    ['SERVER_ID', 'web 1'],
    ['SERVER_ID', 'x'.repeat(65)],
    ['UPLOAD_STORE', 'minio'],
    ['S3_ENDPOINT', 'minio:9000'],
    ['S3_PREFIX', 'uploads'],
    ['S3_FORCE_PATH_STYLE', 'yes'],
  ])('stops on a bad %s (%s) with a message naming it', (name, value) => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: dataDir(), [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(new RegExp(`^  ${name}: `, 'm'));
  });

  it('generates SECRET_KEY once into the data folder, private, and reuses it', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).secretKey;
    const file = path.join(dir, 'secret.key');
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dir }).secretKey).toBe(first);
  });

  it('reads TRUST_PROXY as proxy addresses, never as trust-everyone', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'loopback' }).trustProxy).toEqual([
      'loopback',
    ]);
    expect(
      loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).trustProxy,
    ).toEqual(['10.0.0.1', '10.1.0.0/16']);
    expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });

  it('refuses production without SMTP (the local mailbox is for development) or PUBLIC_URL', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production' })).toThrow(
      /SMTP_URL: required in production[\s\S]*PUBLIC_URL: required in production/,
    );
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25' }),
    ).toThrow(/PUBLIC_URL: required in production/);
    const production = loadConfig({
      DATA_DIR: dataDir(),
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail:25',
      PUBLIC_URL: 'https://bank.example',
    });
    expect(production.env).toBe('production');
    expect(production.publicOrigin).toBe('https://bank.example');
    expect(production.appUrl).toBe('https://bank.example/wp-user');
  });

  it('without PUBLIC_URL, links name the loopback address the server listens on', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), PORT: '4000' });
    expect(config.publicOrigin).toBeUndefined();
    expect(config.appUrl).toBe('http://127.0.0.1:4000/wp-user');
  });

  it('keeps uploads in the folder on the embedded database, in the database with DATABASE_URL', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).uploadStore).toEqual({ kind: 'local' });
    const url = 'postgres://bank@db.internal/bank';
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: url }).uploadStore).toEqual({
      kind: 'database',
    });
    expect(
      loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: url, UPLOAD_STORE: 'local' }).uploadStore,
    ).toEqual({ kind: 'local' });
  });

  it('reads an S3-compatible store, and stops without its bucket or with half its credentials', () => {
    const s3 = {
      DATA_DIR: dataDir(),
      UPLOAD_STORE: 's3',
      S3_BUCKET: 'cedar-uploads',
      S3_ENDPOINT: 'https://minio.internal:9000/',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'AKID',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(loadConfig(s3).uploadStore).toEqual({
      kind: 's3',
      bucket: 'cedar-uploads',
      region: 'us-east-1',
      endpoint: 'https://minio.internal:9000',
      forcePathStyle: true,
      prefix: 'uploads/',
      credentials: { accessKeyId: 'AKID', secretAccessKey: 'secret' },
    });
    expect(() => loadConfig({ ...s3, S3_BUCKET: '' })).toThrow(/^ {2}S3_BUCKET: required/m);
    expect(() => loadConfig({ ...s3, S3_SECRET_ACCESS_KEY: '' })).toThrow(
      /^ {2}S3_ACCESS_KEY_ID:/m,
    );
    expect(
      loadConfig({ ...s3, S3_ACCESS_KEY_ID: '', S3_SECRET_ACCESS_KEY: '' }).uploadStore,
    ).toMatchObject({
      credentials: undefined,
    });
  });

  it('prefers a SECRET_KEY given in the environment', () => {
    const key = 'k'.repeat(40);
    expect(loadConfig({ DATA_DIR: dataDir(), SECRET_KEY: key }).secretKey).toBe(key);
  });
});
