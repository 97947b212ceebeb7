/**
 * One customer floods the upload check while another sends a picture (issue 20):
 *
 *   npm run bench:files -- --flood [--seconds 40] [--every 1500] [--victim-at 10000]
 *
 * The flooder sends an SVG every `--every` ms (1.5 s: 40 a minute) for `--seconds`, alternating
 * two kinds: one built to pass the older checks and cost a full-canvas layer 2,000 times over
 * (drawn until the time limit), one that passes every check and still draws slowly (5,000
 * wide-stroked circles). At `--victim-at` ms another customer sends an ordinary 12 MP JPEG
 * profile picture. Prints how long the other customer's picture took and how it ended, and
 * what became of the flood (accepted, refused, busy). Calls `acceptUpload` in this process, as
 * the routes do; nothing is timed inside the check.
 */
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { acceptUpload } from '../../apps/server/src/platform/files/index.js';

const { values: args } = parseArgs({
  options: {
    flood: { type: 'boolean', default: true },
    seconds: { type: 'string', default: '40' },
    every: { type: 'string', default: '1500' },
    'victim-at': { type: 'string', default: '10000' },
  },
  strict: false,
});
const seconds = Number(args.seconds);
const every = Number(args.every);
const victimAt = Number(args['victim-at']);
const MB = 1024 * 1024;

const canvas = (inner: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="4000" viewBox="0 0 4000 4000">${inner}</svg>`,
  );
const layered = canvas(
  Array.from(
    { length: 2000 },
    () => '<g opacity="0.5"><rect width="4000" height="4000" fill="red"/></g>',
  ).join(''),
);
const strokes = canvas(
  Array.from(
    { length: 5000 },
    (_, i) =>
      `<circle cx="2000" cy="2000" r="${i % 2000}" stroke="blue" stroke-width="400" fill="none"/>`,
  ).join(''),
);
const picture = await sharp({
  create: { width: 4000, height: 3000, channels: 3, background: '#d8d2c4' },
})
  .jpeg({ quality: 90 })
  .toBuffer();

const outcome = (error: unknown) => {
  const code = (error as { code?: string }).code;
  return code === 'UNAVAILABLE' ? 'busy' : 'refused';
};
const flood: Promise<string>[] = [];
const started = performance.now();
const timer = setInterval(() => {
  if (performance.now() - started > seconds * 1000) return clearInterval(timer);
  const svg = flood.length % 2 === 0 ? layered : strokes;
  flood.push(
    acceptUpload({
      data: svg,
      fileName: 'proof.svg',
      maxBytes: 8 * MB,
      allowed: ['svg'],
      owner: 'user:1',
    }).then(() => 'accepted', outcome),
  );
}, every);

await new Promise((resolve) => setTimeout(resolve, victimAt));
const victimStart = performance.now();
const victim = await acceptUpload({
  data: picture,
  fileName: 'me.jpg',
  maxBytes: 8 * MB,
  allowed: ['jpeg', 'png', 'webp'],
  owner: 'user:2',
}).then(
  () => 'accepted',
  (error: unknown) => `${outcome(error)}: ${(error as Error).message}`,
);
const victimMs = performance.now() - victimStart;
await new Promise<void>((resolve) => {
  const wait = setInterval(() => {
    if (performance.now() - started > seconds * 1000 + every) {
      clearInterval(wait);
      resolve();
    }
  }, 200);
});
const results = await Promise.all(flood);
const count = (what: string) => results.filter((r) => r === what).length;
console.log(
  `other customer's 12 MP picture: ${victim} after ${(victimMs / 1000).toFixed(1)} s | ` +
    `flood of ${results.length} SVGs: ${count('accepted')} accepted, ${count('refused')} refused, ${count('busy')} busy (503)`,
);
