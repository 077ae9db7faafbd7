import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A plain picture of the given size and format, as a label's designer would export one. */
export function aPicture(width: number, height: number, format: 'jpeg' | 'png' | 'webp' | 'gif' = 'jpeg', colour = '#3366aa'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a PNG of a few hundred bytes whose header declares `side`×`side` pixels
 * (30 000² is 900 megapixels, 2.7 GB decoded). Its data is a few rows: a decoder that trusted the
 * header would allocate the whole picture first.
 */
export function aDecompressionBomb(side = 30_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  const rows = deflateSync(Buffer.alloc((side * 3 + 1) * 4));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header), pngChunk('IDAT', rows), pngChunk('IEND', Buffer.alloc(0))]);
}
