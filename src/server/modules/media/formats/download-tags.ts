import NodeID3 from 'node-id3';

/**
 * What every download carries (issue 36): the track's words and the release's cover, as ID3v2.3 (MP3, and the
 * `id3 ` chunk of WAV and AIFF, written by node-id3) or as FLAC's VORBIS_COMMENT and PICTURE blocks (written
 * here: the FLAC's header is ours, docs/decisions/0103).
 */
export interface DownloadTags {
  /** "No More (Extended Mix)". */
  title: string;
  /** "A, B feat. C". */
  artists: string;
  /** The release's title. */
  album: string;
  label: string;
  catalogNumber: string | null;
  isrc: string | null;
  /** YYYY-MM-DD. */
  releaseDate: string | null;
  /** The release's cover as a square JPEG. */
  cover: { jpeg: Uint8Array; size: number } | null;
}

/** The ID3v2.3 tag of `tags`, as the start of an MP3 or the body of a WAV's or AIFF's ID3 chunk. */
export function id3Tag(tags: DownloadTags): Buffer {
  const [year, month, day] = tags.releaseDate?.split('-') ?? [];
  return NodeID3.create({
    title: tags.title,
    artist: tags.artists,
    album: tags.album,
    publisher: tags.label,
    ...(tags.isrc ? { ISRC: tags.isrc } : {}),
    ...(year ? { year, date: `${day}${month}` } : {}),
    ...(tags.catalogNumber ? { userDefinedText: [{ description: 'CATALOGNUMBER', value: tags.catalogNumber }] } : {}),
    ...(tags.cover ? { image: { mime: 'image/jpeg', type: { id: 3, name: 'front cover' }, description: 'Cover', imageBuffer: Buffer.from(tags.cover.jpeg) } } : {}),
  });
}

/** A FLAC metadata block: its header (last-block flag, type, 24-bit length) and body. */
function flacBlock(type: number, body: Buffer, isLast: boolean): Buffer {
  const header = Buffer.alloc(4);
  header.writeUInt32BE(body.length, 0);
  header[0] = (isLast ? 0x80 : 0) | type;
  return Buffer.concat([header, body]);
}

const le32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n, 0);
  return b;
};
const be32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n, 0);
  return b;
};
const lengthPrefixed = (text: string, prefix: (n: number) => Buffer) => {
  const bytes = Buffer.from(text, 'utf8');
  return Buffer.concat([prefix(bytes.length), bytes]);
};

/** The VORBIS_COMMENT (type 4) and PICTURE (type 6, front cover) blocks of `tags`: the last metadata of a FLAC. */
export function flacTagBlocks(tags: DownloadTags): Buffer {
  const comments = Object.entries({
    TITLE: tags.title,
    ARTIST: tags.artists,
    ALBUM: tags.album,
    LABEL: tags.label,
    ORGANIZATION: tags.label,
    CATALOGNUMBER: tags.catalogNumber,
    ISRC: tags.isrc,
    DATE: tags.releaseDate,
  }).flatMap(([key, value]) => (value ? [lengthPrefixed(`${key}=${value}`, le32)] : []));
  const vorbis = Buffer.concat([lengthPrefixed('Build It Records', le32), le32(comments.length), ...comments]);
  if (!tags.cover) return flacBlock(4, vorbis, true);
  const { jpeg, size } = tags.cover;
  const picture = Buffer.concat([be32(3), lengthPrefixed('image/jpeg', be32), lengthPrefixed('Cover', be32), be32(size), be32(size), be32(24), be32(0), be32(jpeg.length), jpeg]);
  return Buffer.concat([flacBlock(4, vorbis, false), flacBlock(6, picture, true)]);
}
