import { act, screen, waitFor, within } from '@testing-library/react';
import { PointerEventsCheckLevel, type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, setupUser } from '../../../../../tests/helpers/render.js';
import type { DemoArtist, DemoTrack } from '../../../../shared/api/demos.js';
import { SubmitPage } from './submit-page.js';
import { aDemoArtist } from '../../../../../tests/helpers/demo-builders.js';

const route = '/:label/submit';

interface SentRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/** Answers POST /api/submit-demo with the given responses in turn, recording what was sent. */
function serveSubmissions(...answers: (() => Response | Promise<Response>)[]): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    sent.push({
      url: String(input),
      method: init.method ?? 'GET',
      headers: init.headers as Record<string, string>,
      body: JSON.parse(String(init.body)) as Record<string, unknown>,
    });
    const answer = answers[Math.min(sent.length - 1, answers.length - 1)];
    if (!answer) throw new Error('no answer');
    return answer();
  });
  return sent;
}

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
const created = () =>
  json({ success: true, message: 'Demo submitted successfully!', data: { id: '4b0b8d7e-3f1c-4a7e-9d2b-7c1f0e6a5b21', status: 'new' } }, 201);
const failed = (status: number, message: string, field?: string) => () =>
  json({ success: false, error: message, message, ...(field ? { field } : {}), reqId: 'req-1' }, status);

const lead = aDemoArtist();
const second: DemoArtist = { ...lead, fullName: 'Jo Brand', name: 'Jo B', email: 'jo@example.com', instagram: null, appleMusic: null };
const firstTrack: DemoTrack = { name: 'Night Shift', genre: 'Deep House', soundCloudPrivateLink: 'https://soundcloud.com/maraq/night-shift/s-AbC12dEf' };
const secondTrack: DemoTrack = { name: 'Second Light', genre: 'Tech House', soundCloudPrivateLink: 'https://on.soundcloud.com/Xy12Ab34' };

const artistLabels: [keyof DemoArtist, string][] = [
  ['fullName', 'Full name'],
  ['name', 'Artist name'],
  ['email', 'Email'],
  ['country', 'Country'],
  ['province', 'Province/state'],
  ['city', 'City'],
  ['facebook', 'Facebook'],
  ['twitter', 'Twitter'],
  ['instagram', 'Instagram'],
  ['soundcloud', 'SoundCloud'],
  ['spotify', 'Spotify'],
  ['appleMusic', 'Apple Music'],
];
const trackLabels: [keyof DemoTrack, string][] = [
  ['name', 'Track name'],
  ['genre', 'Genre'],
  ['soundCloudPrivateLink', 'Private SoundCloud link'],
];

const group = (name: string) => screen.getByRole('group', { name });
// By label rather than by role: role queries over a form this size are slow in jsdom.
const field = (container: HTMLElement, label: string) =>
  within(container).getByLabelText(new RegExp(`^${label}`), { selector: 'input' }) as HTMLInputElement;

/** The text shown as a field's helper or error (what aria-describedby points at). */
function description(input: HTMLElement): string {
  const id = input.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? '') : '';
}

/** Replaces a field's text as a paste would (typing key by key through MUI in jsdom is slow). */
async function type(user: UserEvent, input: HTMLInputElement, value: string) {
  if (input.value) await user.clear(input);
  if (value) {
    input.focus();
    await user.paste(value);
  }
}

/** Fills an artist; a null social ticks its "Don't have" box. */
async function fillArtist(user: UserEvent, index: number, artist: DemoArtist) {
  const card = group(`Artist ${index + 1}`);
  for (const [key, label] of artistLabels) {
    const value = artist[key];
    if (value === null) await user.click(within(card).getByLabelText(`Don't have ${label}`));
    else await type(user, field(card, label), value);
  }
}

async function fillTrack(user: UserEvent, index: number, track: DemoTrack) {
  const card = group(`Track ${index + 1}`);
  for (const [key, label] of trackLabels) await type(user, field(card, label), track[key]);
}

const acceptTerms = (user: UserEvent) => user.click(screen.getByRole('checkbox', { name: /I accept the terms and conditions/ }));
const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Submit Demo' }));

function renderPage(path = '/deep/submit') {
  // jsdom computes styles slowly; MUI never turns pointer events off on these controls.
  const user = setupUser({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  renderWithApp(<SubmitPage />, { path, route });
  return user;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('SubmitPage', () => {
  it('shows the title, the guidelines and one artist and one track without remove buttons', () => {
    renderPage('/tech/submit');
    expect(screen.getByRole('heading', { level: 1, name: 'Submit Demo to Build It Tech' })).toBeTruthy();
    expect(screen.getByText('WAV files only.')).toBeTruthy();
    expect(screen.getByText('No limiter on the master bus: leave headroom for mastering.')).toBeTruthy();
    expect(screen.getByText('Signed releases split royalties 50/50 between artist and label.')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Artist 1' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Track 1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    const terms = screen.getByRole('link', { name: 'terms and conditions' });
    expect(terms.getAttribute('href')).toBe('/legal');
    // Each social field says it is required unless ticked; the email field is an email input.
    expect(description(field(group('Artist 1'), 'Facebook'))).toBe('Required unless checked as not available');
    expect(field(group('Artist 1'), 'Email').type).toBe('email');
  });

  it('says Invalid label for an unknown label', () => {
    renderPage('/nope/submit');
    expect(screen.getByText('Invalid label: nope')).toBeTruthy();
  });

  it('adds artists and tracks, and offers remove only while more than one remains', async () => {
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Add artist' }));
    expect(screen.getByRole('group', { name: 'Artist 2' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Remove artist/ })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /^Remove track/ })).toBeNull();

    // Removing the first keeps what was typed in the second.
    await type(user, field(group('Artist 2'), 'Full name'), 'Jo Brand');
    await user.click(screen.getByRole('button', { name: 'Remove artist 1' }));
    expect(screen.queryByRole('group', { name: 'Artist 2' })).toBeNull();
    expect(field(group('Artist 1'), 'Full name').value).toBe('Jo Brand');
    expect(screen.queryByRole('button', { name: /^Remove artist/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Add track' }));
    await user.click(screen.getByRole('button', { name: 'Add track' }));
    expect(screen.getAllByRole('button', { name: /^Remove track/ })).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Remove track 2' }));
    expect(screen.getAllByRole('group', { name: /^Track/ })).toHaveLength(2);
  });

  it('stops adding at 10 entries', async () => {
    const user = renderPage();
    for (let i = 1; i < 10; i += 1) await user.click(screen.getByRole('button', { name: 'Add track' }));
    expect(screen.getAllByRole('group', { name: /^Track/ })).toHaveLength(10);
    expect((screen.getByRole('button', { name: 'Add track' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('A demo can list at most 10 tracks')).toBeTruthy();
  });

  it('shows each required message once, under its field, and sends nothing', async () => {
    const sent = serveSubmissions(created);
    const user = renderPage();
    await submit(user);
    const artist = group('Artist 1');
    const track = group('Track 1');
    for (const [container, label, message] of [
      [artist, 'Full name', 'Full name is required'],
      [artist, 'Artist name', 'Artist name is required'],
      [artist, 'Email', 'Email is required'],
      [artist, 'Country', 'Country is required'],
      [artist, 'Province/state', 'Province/state is required'],
      [artist, 'City', 'City is required'],
      [track, 'Track name', 'Track name is required'],
      [track, 'Genre', 'Genre is required'],
      [track, 'Private SoundCloud link', 'Private SoundCloud link is required'],
    ] as const) {
      const input = field(container, label);
      await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
      expect(description(input)).toBe(message);
      expect(screen.getAllByText(message)).toHaveLength(1);
    }
    expect(screen.getAllByText('You must accept the terms and conditions to submit.')).toHaveLength(1);
    expect(sent).toEqual([]);
  });

  it('shows the message of a bad email, link and social once each; a ticked social passes', async () => {
    const sent = serveSubmissions(created);
    const user = renderPage();
    await fillArtist(user, 0, { ...lead, email: 'mara@', facebook: '', twitter: null, instagram: 'not a url' });
    await fillTrack(user, 0, { ...firstTrack, soundCloudPrivateLink: 'https://soundcloud.com/maraq' });
    await acceptTerms(user);
    await submit(user);

    const artist = group('Artist 1');
    await waitFor(() => expect(field(artist, 'Email').getAttribute('aria-invalid')).toBe('true'));
    expect(description(field(artist, 'Email'))).toBe('Please enter a valid email address');
    expect(screen.getAllByText('Please enter a valid email address')).toHaveLength(1);
    const link = field(group('Track 1'), 'Private SoundCloud link');
    expect(link.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('Please enter a valid SoundCloud URL for your track.')).toHaveLength(1);
    expect(screen.getAllByText('Please enter a valid Instagram URL')).toHaveLength(1);
    // The empty Facebook field: its helper text turns into the error, still once.
    expect(field(artist, 'Facebook').getAttribute('aria-invalid')).toBe('true');
    expect(description(field(artist, 'Facebook'))).toBe('Required unless checked as not available');
    // The ticked Twitter box: disabled, empty, no error.
    const twitter = field(artist, 'Twitter');
    expect(twitter.disabled).toBe(true);
    expect(twitter.value).toBe('');
    expect(twitter.getAttribute('aria-invalid')).toBe('false');
    for (const label of ['Spotify', 'Apple Music', 'SoundCloud']) expect(field(artist, label).getAttribute('aria-invalid')).toBe('false');
    expect(sent).toEqual([]);

    // Fixing a field clears its message as the artist types.
    await type(user, field(artist, 'Email'), 'mara@example.com');
    await waitFor(() => expect(screen.queryByText('Please enter a valid email address')).toBeNull());
  });

  // Many fields filled and checked, each change a render of the whole form: over the tier's 10 s on a loaded 2-core machine (issue 31: to be split or made cheaper).
  it('sends every artist and track with null for ticked socials and a key, then says so and resets', async () => {
    let release: () => void = () => undefined;
    const sent = serveSubmissions(() => new Promise<Response>((resolve) => (release = () => resolve(created()))));
    const user = renderPage('/deep/submit');
    await user.click(screen.getByRole('button', { name: 'Add artist' }));
    await user.click(screen.getByRole('button', { name: 'Add track' }));
    await fillArtist(user, 0, lead);
    await fillArtist(user, 1, second);
    await fillTrack(user, 0, firstTrack);
    await fillTrack(user, 1, secondTrack);
    await acceptTerms(user);
    await submit(user);

    const sending = await screen.findByRole('button', { name: 'Submitting...' });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    // From here the clock is the test's (small steps, so that each render schedules the next timer).
    vi.useFakeTimers();
    const advance = async (ms: number) => {
      for (let step = 0; step < ms; step += 100) await act(async () => vi.advanceTimersByTimeAsync(100));
    };
    release();
    await advance(300);
    expect(screen.getByText('Demo submitted successfully!')).toBeTruthy();

    expect(sent).toHaveLength(1);
    const [request] = sent as [SentRequest];
    expect(request.url).toBe('/api/submit-demo');
    expect(request.method).toBe('POST');
    expect(request.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(request.body).toEqual({
      label: 'buildit-deep',
      artist: lead,
      track: firstTrack,
      artists: [lead, second],
      tracks: [firstTrack, secondTrack],
      termsAccepted: true,
    });

    // The form is back to one empty artist and track, terms unticked.
    expect(screen.queryByRole('group', { name: 'Artist 2' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Track 2' })).toBeNull();
    expect(field(group('Artist 1'), 'Full name').value).toBe('');
    expect(field(group('Artist 1'), 'Instagram').disabled).toBe(false);
    expect(field(group('Track 1'), 'Private SoundCloud link').value).toBe('');
    expect((screen.getByRole('checkbox', { name: /I accept the terms/ }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByRole('button', { name: 'Submit Demo' })).toBeTruthy();
    // Issue 15: the notice covered the Submit button; the form starts again at its first field.
    expect(document.activeElement).toBe(field(group('Artist 1'), 'Full name'));

    // The notice hides by itself after 6000 ms, not before.
    await advance(5500);
    expect(screen.queryByText('Demo submitted successfully!')).not.toBeNull();
    await advance(1500);
    expect(screen.queryByText('Demo submitted successfully!')).toBeNull();
  }, 30_000);

  it("shows the server's 409 text, keeps the form and retries the same attempt with the same key", async () => {
    const repeat = 'You have already sent us this track: we have a demo from mara@example.com with this SoundCloud link.';
    const sent = serveSubmissions(failed(409, repeat, 'track.soundCloudPrivateLink'), failed(409, repeat), created);
    const user = renderPage();
    await fillArtist(user, 0, lead);
    await fillTrack(user, 0, firstTrack);
    await acceptTerms(user);
    await submit(user);

    expect((await screen.findByRole('alert')).textContent).toBe(repeat);
    expect(screen.getAllByText(repeat)).toHaveLength(1);
    expect(field(group('Artist 1'), 'Full name').value).toBe('Mara Quist');

    await submit(user);
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.headers['Idempotency-Key']).toBe(sent[0]?.headers['Idempotency-Key']);

    // Another link is another attempt.
    await type(user, field(group('Track 1'), 'Private SoundCloud link'), 'https://soundcloud.com/maraq/brand-new');
    await submit(user);
    await screen.findByText('Demo submitted successfully!');
    expect(sent[2]?.headers['Idempotency-Key']).not.toBe(sent[0]?.headers['Idempotency-Key']);
    expect(screen.queryByText(repeat)).toBeNull();
  });

  it('puts a 400 on the field it names, and falls back to the product\'s texts without a server message', async () => {
    serveSubmissions(
      failed(400, 'Please enter a valid email address', 'artists.0.email'),
      () => new Response('<html>Bad gateway</html>', { status: 502 }),
      () => Promise.reject(new TypeError('Failed to fetch')),
    );
    const user = renderPage();
    await fillArtist(user, 0, lead);
    await fillTrack(user, 0, firstTrack);
    await acceptTerms(user);

    await submit(user);
    await waitFor(() => expect(field(group('Artist 1'), 'Email').getAttribute('aria-invalid')).toBe('true'));
    expect(description(field(group('Artist 1'), 'Email'))).toBe('Please enter a valid email address');
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address');

    await submit(user);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to submit form'));
    await submit(user);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to process submission'));
  });
});
