import type { ArtistKind } from './demo-names.js';
import { createRandom, hashString } from '../../../lib/random.js';

/** Invented one-to-three sentence bios, seeded by the artist's name so each bio is stable. */

const PLACES = ['Lisbon', 'Rotterdam', 'Montréal', 'Bristol', 'Valencia', 'Melbourne', 'Cape Town', 'Leipzig', 'Medellín', 'Osaka', 'Glasgow', 'Marseille', 'Porto', 'Kraków', 'Toronto', 'Austin', 'Tbilisi', 'Nantes'];
const QUALITIES = ['rolling basslines and crisp, swung percussion', 'warm pads and patient, hypnotic grooves', 'big-room energy and hooks you can hum', 'dusty samples and a soft spot for old drum machines', 'late-night melodies that build slowly', 'chopped vocals and bouncing low end', 'field recordings folded into tight club rhythms'];
const SECOND_SENTENCES = [
  'Most tracks start as late-night sketches on a battered hardware sampler.',
  'Years of warm-up sets in small basement clubs shaped a groove-first style.',
  'The sound leans on analogue synths, live percussion and very little else.',
  'Expect records built for the last hour of the night rather than the first.',
  'A steady run of releases on the label has made the name a regular in DJ bags.',
  'Every record is road-tested on a home-made sound system before it leaves the studio.',
  'The project began as a bedroom experiment and never quite lost that feel.',
];
const THIRD_SENTENCES = [
  'Outside the studio there is a monthly radio show devoted to forgotten B-sides.',
  'Live shows mix modular hardware with a stack of well-worn vinyl.',
  'New music is always in the works, usually several tracks at once.',
  'Collaborations with local vocalists are a recurring thread.',
];

const verb = (kind: ArtistKind): string => (kind === 'duo' || kind === 'group' ? 'are' : 'is');

function opener(kind: ArtistKind, name: string, place: string, genre: string, quality: string): string {
  switch (kind) {
    case 'duo':
      return `${name} are a production duo from ${place}, pairing ${genre} with ${quality}.`;
    case 'group':
      return `${name} are a ${place} collective making ${genre} full of ${quality}.`;
    case 'vocalist':
      return `${name} is a singer and songwriter from ${place} whose voice has graced ${genre} records of every tempo.`;
    case 'remixer':
      return `${name} is a ${place}-based DJ best known for reworking other artists' records into ${genre} with ${quality}.`;
    case 'sample-pack':
      return `${name} is a studio alias behind a run of stripped-down ${genre} tools made for DJs.`;
    default:
      return `${name} ${verb(kind)} a producer from ${place} making ${genre} with ${quality}.`;
  }
}

export function writeBio(name: string, kind: ArtistKind, genres: readonly string[]): string {
  const rng = createRandom(hashString(`bio:${name}`));
  const genre = (genres[0] ?? 'house').toLowerCase();
  const sentences = [opener(kind, name, rng.pick(PLACES), genre, rng.pick(QUALITIES))];
  const extra = kind === 'sample-pack' ? 0 : rng.int(0, 2);
  if (extra >= 1) sentences.push(rng.pick(SECOND_SENTENCES));
  if (extra >= 2) sentences.push(rng.pick(THIRD_SENTENCES));
  return sentences.join(' ');
}
