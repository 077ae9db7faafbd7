import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerCatalogAnswerCache } from './catalog-answer-cache.js';
import { createLocalCatalogChanges } from './catalog-changes.js';

// The answer cache lets requests that miss together wait for one answer (decision 0030). A catalog
// change must still show on the next read: a request after the change never gets an answer begun before it.
describe('the catalog answer cache', () => {
  it('does not hand a request made after a catalog change the answer a request before it is still making', async () => {
    const app = Fastify();
    const changes = createLocalCatalogChanges();
    registerCatalogAnswerCache(app, changes, () => new Date(), () => Infinity);
    let catalog = 'before the change';
    let entered!: () => void;
    const firstEntered = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const firstReleased = new Promise<void>((resolve) => (release = resolve));
    // The first answer is held until the second request has come in and reached the cache.
    let requests = 0;
    app.addHook('onRequest', async () => {
      if (++requests === 2) setImmediate(release);
    });
    let calls = 0;
    app.get('/api/playlists', async () => {
      const seen = catalog;
      if (++calls === 1) {
        entered();
        await firstReleased;
      }
      return { seen };
    });
    await app.ready();

    const early = app.inject({ method: 'GET', url: '/api/playlists' });
    await firstEntered;
    catalog = 'after the change';
    changes.publish();
    const late = app.inject({ method: 'GET', url: '/api/playlists' });

    expect((await early).json()).toEqual({ seen: 'before the change' });
    expect((await late).json()).toEqual({ seen: 'after the change' });
    // Kept for the next request: the answer made after the change.
    expect((await app.inject({ method: 'GET', url: '/api/playlists' })).json()).toEqual({ seen: 'after the change' });
    await app.close();
  });
});
