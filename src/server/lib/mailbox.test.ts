import { describe, expect, it } from 'vitest';
import { parseMailbox } from './mailbox.js';

describe('parseMailbox', () => {
  it('reads a bare address, a name and an address, and a quoted name with its escapes', () => {
    expect(parseMailbox(' demos@records.example ')).toEqual({ address: 'demos@records.example' });
    expect(parseMailbox('Build It Records <demos@records.example>')).toEqual({ name: 'Build It Records', address: 'demos@records.example' });
    expect(parseMailbox('"Records, Inc. \\"Deep\\"" <demos@records.example>')).toEqual({ name: 'Records, Inc. "Deep"', address: 'demos@records.example' });
    expect(parseMailbox('<demos@records.example>')).toEqual({ address: 'demos@records.example' });
  });

  it('reads nothing else', () => {
    for (const text of ['', 'demos', 'Build It Records', 'Name <demos>', 'Name demos@records.example', 'a b@records.example', '"Open <demos@records.example>', 'Name <a@b.example> trailing']) {
      expect(parseMailbox(text), text).toBeUndefined();
    }
  });
});
