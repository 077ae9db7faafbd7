import { PGlite } from '@electric-sql/pglite';
process.on('exit', (c) => console.log('exit', c, new Error().stack));
const dir = '/tmp/wt-tests-pgd';
const a = new PGlite(dir); await a.waitReady; await a.query('select 1'); await a.close(); console.log('closed a');
const b = new PGlite(dir); await b.waitReady; console.log('opened b');
const dump = await b.dumpDataDir('none'); console.log('dump', dump.size);
await b.close(); console.log('closed b');
