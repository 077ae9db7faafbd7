import { z } from 'zod';

// Where a release is sold and streamed: named links shown as "Buy / Stream" buttons (docs/decisions/0080).

/** The services staff pick from (any other name may be typed), in the order a form suggests them. */
export const storeServices = [
  'Beatport',
  'Bandcamp',
  'Spotify',
  'Apple Music',
  'SoundCloud',
  'YouTube',
  'Deezer',
  'Tidal',
  'Traxsource',
] as const;

export const maxStoreLinks = 20;
export const maxStoreLinkNameLength = 50;
export const maxStoreLinkUrlLength = 500;

/** An absolute http(s) URL with a host. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

export const storeLinkSchema = z.object({
  name: z
    .string({ error: 'A store name must be text' })
    .trim()
    .min(1, { error: 'A store name must not be empty', abort: true })
    .max(maxStoreLinkNameLength, { error: `A store name must be at most ${maxStoreLinkNameLength} characters` }),
  url: z
    .string({ error: 'A store URL must be text' })
    .trim()
    .max(maxStoreLinkUrlLength, { error: `A store URL must be at most ${maxStoreLinkUrlLength} characters`, abort: true })
    .refine(isHttpUrl, { error: 'A store URL must be an http(s) URL, like https://www.beatport.com/release/…' }),
});
export type StoreLink = z.infer<typeof storeLinkSchema>;

/** A release's links: each store once (by name, ignoring case), at most 20. */
export const storeLinksSchema = z
  .array(storeLinkSchema, { error: 'Links must be a list of { name, url }' })
  .max(maxStoreLinks, { error: `At most ${maxStoreLinks} links` })
  .superRefine((links, ctx) => {
    const seen = new Set<string>();
    links.forEach((link, index) => {
      const key = link.name.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [index, 'name'], message: `${link.name} is listed twice` });
      seen.add(key);
    });
  });

/** The service a column of a distributor export names ("Beatport URL", "Spotify Link"), if any. */
export function storeOfColumn(header: string): string | undefined {
  const name = header
    .trim()
    .replace(/\s*(url|link)$/i, '')
    .trim()
    .toLowerCase();
  return storeServices.find((service) => service.toLowerCase() === name);
}
