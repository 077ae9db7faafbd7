import { z } from 'zod';
import { adminReleaseCreateSchema, type AdminReleaseCreateInput, type AdminReleaseDetail } from '../../../../shared/api/admin-releases.js';
import type { ReleasePrice, shopCurrencies } from '../../../../shared/api/shop.js';
import type { ReleaseStatus } from '../../../../shared/domain/release-status.js';
import type { ReleaseType } from '../../../../shared/domain/release-type.js';
import { formatDuration, parseLength } from '../../../../shared/domain/duration.js';
import { defaultLabel } from '../../../../shared/labels.js';

type ShopCurrency = (typeof shopCurrencies)[number];

/** The release form as typed: names as comma-separated text, a duration as m:ss, blanks for none. */
export interface ReleaseFormValues {
  title: string;
  version: string;
  type: ReleaseType;
  status: ReleaseStatus;
  /** Comma-separated, as the artists are. */
  genres: string;
  description: string;
  credits: string;
  release_date: string;
  label_id: string;
  catalog_number: string;
  upc: string;
  artists: string;
  tracks: {
    id?: string;
    title: string;
    mix_version: string;
    isrc: string;
    duration: string;
    artists: string;
    remixers: string;
    /** The preview window as m:ss, blank for the default. */
    preview_start: string;
    preview_length: string;
    member_download: boolean;
    instant_grat: boolean;
    /** Its price sold alone (issue 36); "none": only with the release. */
    price: PriceFormValues;
  }[];
  links: { name: string; url: string }[];
  /** Its price in the shop (issue 36). */
  price: PriceFormValues;
}

/** A price as typed (issue 36): not sold, free, a price, or pay-what-you-want from a minimum (blank: 0). */
export interface PriceFormValues {
  kind: PriceKind;
  amount: string;
  currency: ShopCurrency;
}

const noPrice: PriceFormValues = { kind: 'none', amount: '', currency: 'EUR' };

export const priceKinds = ['none', 'free', 'fixed', 'pay_what_you_want'] as const;
export type PriceKind = (typeof priceKinds)[number];

export const emptyTrack: ReleaseFormValues['tracks'][number] = {
  title: '',
  mix_version: '',
  isrc: '',
  duration: '',
  artists: '',
  remixers: '',
  preview_start: '',
  preview_length: '',
  member_download: false,
  instant_grat: false,
  price: noPrice,
};

export const newReleaseValues: ReleaseFormValues = {
  title: '',
  version: '',
  type: 'single',
  // Public as the API's default is (docs/decisions/0101); staff choose draft to prepare one.
  status: 'published',
  genres: '',
  description: '',
  credits: '',
  release_date: '',
  label_id: defaultLabel.id,
  catalog_number: '',
  upc: '',
  artists: '',
  tracks: [emptyTrack],
  links: [],
  price: noPrice,
};

const names = (list: string[]) => list.join(', ');
const split = (text: string) =>
  text
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
const orNull = (text: string) => (text.trim() === '' ? null : text);
const lengthOf = (ms: number | null) => (ms === null ? '' : formatDuration(ms));
/** m:ss as milliseconds, blank as none (a length that is no m:ss is left to the check below). */
const msOf = (text: string) => (text.trim() === '' ? null : parseLength(text.trim()));

/** The track fields typed as m:ss, as the form names them, with the message for what is not m:ss. */
const lengthFields = {
  duration: 'Duration must be m:ss, like 5:30',
  preview_start: 'Preview start must be m:ss, like 1:30',
  preview_length: 'Preview length must be m:ss, like 1:00',
} as const;
/** The answer's name of each. */
const lengthFieldOf: Record<string, keyof typeof lengthFields> = { duration_ms: 'duration', preview_start_ms: 'preview_start', preview_length_ms: 'preview_length' };

export function releaseFormValues(release: AdminReleaseDetail): ReleaseFormValues {
  return {
    title: release.title,
    version: release.version ?? '',
    type: release.type,
    status: release.status,
    genres: names(release.genres),
    description: release.description ?? '',
    credits: release.credits ?? '',
    release_date: release.release_date ?? '',
    label_id: release.label_id,
    catalog_number: release.catalog_number ?? '',
    upc: release.upc ?? '',
    artists: names(release.artists),
    tracks: release.tracks.map((track) => ({
      id: track.id,
      title: track.title,
      mix_version: track.mix_version ?? '',
      isrc: track.isrc ?? '',
      duration: lengthOf(track.duration_ms),
      artists: names(track.artists),
      remixers: names(track.remixers),
      preview_start: lengthOf(track.preview_start_ms),
      preview_length: lengthOf(track.preview_length_ms),
      member_download: track.member_download,
      instant_grat: track.instant_grat,
      price: priceValues(track.price),
    })),
    links: release.links,
    price: priceValues(release.price),
  };
}

export function priceValues(price: ReleasePrice | null): PriceFormValues {
  if (!price) return noPrice;
  const kind = price.pay_what_you_want ? 'pay_what_you_want' : price.amount === 0 ? 'free' : 'fixed';
  return { kind, amount: price.amount === 0 ? '' : price.amount.toFixed(2), currency: price.currency };
}

/** An amount as typed ("7.99", "7,99", blank for 0); NaN for what is no number, which the schema refuses. */
const amountOf = (text: string) => (text.trim() === '' ? 0 : /^\d+([.,]\d*)?$/.test(text.trim()) ? Number(text.trim().replace(',', '.')) : Number.NaN);

export function priceBody({ kind, amount, currency }: PriceFormValues): ReleasePrice | null {
  if (kind === 'none') return null;
  if (kind === 'free') return { amount: 0, currency, pay_what_you_want: false };
  return { amount: amountOf(amount), currency, pay_what_you_want: kind === 'pay_what_you_want' };
}

/** A fixed price of 0 is no price: its message, for its amount field. */
export const fixedPriceAtZero = (price: PriceFormValues) => (price.kind === 'fixed' && amountOf(price.amount) === 0 ? 'Enter a price above 0, or choose Free' : undefined);

/** The request body the form's values make. */
export function releaseBody(values: ReleaseFormValues): AdminReleaseCreateInput {
  return {
    title: values.title,
    version: orNull(values.version),
    type: values.type,
    status: values.status,
    genres: split(values.genres),
    description: orNull(values.description),
    credits: orNull(values.credits),
    release_date: orNull(values.release_date),
    label_id: values.label_id,
    catalog_number: orNull(values.catalog_number),
    upc: orNull(values.upc),
    artists: split(values.artists),
    tracks: values.tracks.map((track) => ({
      ...(track.id ? { id: track.id } : {}),
      title: track.title,
      mix_version: orNull(track.mix_version),
      isrc: orNull(track.isrc),
      duration_ms: msOf(track.duration),
      artists: split(track.artists),
      remixers: split(track.remixers),
      preview_start_ms: msOf(track.preview_start),
      preview_length_ms: msOf(track.preview_length),
      member_download: track.member_download,
      instant_grat: track.instant_grat,
      price: priceBody(track.price),
    })),
    links: values.links,
    price: priceBody(values.price),
  };
}

/**
 * Where an answer's field ("tracks.2.duration_ms", "artists.0") shows in the form: a list of names
 * is one text field, a duration is typed as m:ss.
 */
export function formFieldOf(path: readonly PropertyKey[]): string {
  const parts = path.map(String);
  if (parts[0] === 'artists' || parts[0] === 'genres') return String(parts[0]);
  if (parts[0] === 'tracks' && parts[2] === 'price') return parts.slice(0, 4).join('.');
  if (parts[0] === 'tracks' && parts.length >= 3) {
    const field = lengthFieldOf[parts[2] as string] ?? parts[2];
    return `tracks.${parts[1]}.${field}`;
  }
  return parts.slice(0, 3).join('.');
}

/** The form checked with the server's own schema; each message shows on the field it is about. */
export const releaseFormSchema = z
  .custom<ReleaseFormValues>()
  .superRefine((values, ctx) => {
    const refuseFixedZero = (price: PriceFormValues, path: (string | number)[]) => {
      const message = fixedPriceAtZero(price);
      if (message) ctx.addIssue({ code: 'custom', path: [...path, 'amount'], message });
    };
    values.tracks.forEach((track, index) => {
      for (const [field, message] of Object.entries(lengthFields) as [keyof typeof lengthFields, string][]) {
        if (track[field].trim() !== '' && msOf(track[field]) === null) ctx.addIssue({ code: 'custom', path: ['tracks', index, field], message });
      }
      refuseFixedZero(track.price, ['tracks', index, 'price']);
    });
    refuseFixedZero(values.price, ['price']);
    const checked = adminReleaseCreateSchema.safeParse(releaseBody(values));
    for (const issue of checked.error?.issues ?? []) {
      ctx.addIssue({ code: 'custom', path: formFieldOf(issue.path).split('.'), message: issue.message });
    }
  });

/**
 * The cover staff can see: an uploaded one, or the generated picture of a public release. A draft's generated
 * picture is not served (it is never public, docs/decisions/0101), so none shows for it until one is uploaded.
 */
export function shownCover({ status, artwork_url }: { status: ReleaseStatus; artwork_url: string | null }): string | null {
  return status === 'draft' && artwork_url?.startsWith('/media/releases/') ? null : artwork_url;
}
