import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { AppError } from '../errors.js';

/**
 * SVG uploads (payment proofs, decision 18). An SVG is a program as much as a picture, so it is
 * read here by a small, strict XML reader and accepted only when nothing in it can run, reach
 * outside the file, or cost more to draw than a picture should; it is then drawn to pixels in a
 * separate process under a time limit, and only the pixels are kept. It is never stored or
 * served as SVG.
 */

/** Elements an SVG may have in all (a page of text converted to SVG is a few thousand). */
export const MAX_SVG_ELEMENTS = 20_000;
/** Elements drawn, each <use> counting what it repeats: the "billion laughs" of SVG. */
export const MAX_SVG_DRAWN = 50_000;
export const MAX_SVG_DEPTH = 100;
/**
 * Layers drawn off-screen and composited over the whole canvas (group opacity, blend modes,
 * isolation count one; a mask eight; a clip path a quarter), each <use> counting what it
 * repeats. Each costs a full-canvas pass: 2,000 of them reached the time limit on every upload.
 */
export const MAX_SVG_LAYERS = 64;
/** Pattern tiles that may fill the canvas (a 0.5-unit tile over 4000 units is 64 million). */
export const MAX_SVG_PATTERN_TILES = 10_000;
/** Dashes along the canvas's longer side: dashes of 1/1000 of it or longer. */
export const MIN_SVG_DASH_FRACTION = 1 / 1000;
/** Characters of path and point data in all (a page of outlined text is a few hundred KB). */
export const MAX_SVG_PATH_DATA = 2_000_000;
/** An SVG is drawn at most this many pixels a side: a receipt reads well, a flood costs less. */
export const SVG_MAX_SIDE = 2000;
/** Drawing a picture takes well under a second; what takes longer is refused, not waited for. */
export const SVG_DRAW_TIMEOUT_MS = 5_000;

const REASON = {
  encoding: 'it is not plain UTF-8 text',
  malformed: 'it is not well-formed XML',
  notSvg: 'it is not an SVG picture',
  declarations: 'it declares a document type, entities, a style sheet or other instructions',
  scripts: 'it contains scripts or embedded content',
  animation: 'it contains animation',
  outside: 'it refers to something outside the file',
  escapes: 'its styles use escapes',
  filters: 'it uses filter effects',
  complex: 'it is too complex to draw',
  layers: 'it has too many transparent, masked or blended layers to draw',
  patterns: 'its patterns or dashes are too fine to draw',
  large: 'it is too large to draw',
  unreadable: 'it could not be drawn',
} as const;

function refuse(reason: keyof typeof REASON): AppError {
  return new AppError('UNPROCESSABLE', `This SVG cannot be accepted: ${REASON[reason]}.`);
}

/**
 * Text that opens (after a BOM, an XML declaration or other instructions, a DOCTYPE, comments
 * and space) with <svg>: only a recognition, by a scan that is linear in the head it reads. The
 * check that follows (checkSvgIsInert) refuses most of what is skipped here.
 */
export function looksLikeSvg(data: Buffer): boolean {
  const head = data.subarray(0, 4096).toString('utf8');
  let i = head.charCodeAt(0) === 0xfeff ? 1 : 0;
  const past = (end: string) => {
    const found = head.indexOf(end, i);
    i = found < 0 ? head.length : found + end.length;
  };
  for (;;) {
    while (i < head.length && /\s/.test(head[i] as string)) i += 1;
    if (head.startsWith('<?', i)) past('?>');
    else if (head.startsWith('<!--', i)) past('-->');
    else if (head.slice(i, i + 9).toUpperCase() === '<!DOCTYPE') {
      const bracket = head.indexOf('[', i);
      const close = head.indexOf('>', i);
      if (bracket >= 0 && (close < 0 || bracket < close)) past(']');
      past('>');
    } else return /^<svg[\s>/]/i.test(head.slice(i, i + 5));
  }
}

interface SvgNode {
  name: string;
  /** The name without its namespace prefix, lower-cased: what a renderer acts on. */
  local: string;
  /** Attribute values with their character references decoded. */
  attributes: Map<string, string>;
  children: SvgNode[];
  /** The text of a <style> element (the only text that matters here). */
  text: string;
}

const localName = (name: string) => name.slice(name.lastIndexOf(':') + 1).toLowerCase();

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

/**
 * Decodes character references and the five predefined entities. There is no DTD (refused), so
 * any other entity is undeclared, and the document not well-formed.
 */
function decodeReferences(raw: string): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z_][\w.-]*)?(;)?/g, (_, body, end) => {
    if (typeof body !== 'string' || end !== ';') throw refuse('malformed');
    const predefined = PREDEFINED[body];
    if (predefined !== undefined) return predefined;
    if (!body.startsWith('#')) throw refuse('declarations');
    const code = body[1] === 'x' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    if (!isXmlChar(code)) throw refuse('malformed');
    return String.fromCodePoint(code);
  });
}

const SPACE = /[ \t\r\n]*/y;
const NAME = /[A-Za-z_][A-Za-z0-9._:-]*/y;

/** Reads the document into a tree, refusing anything that is not plain, well-formed XML. */
function parseSvg(text: string): SvgNode {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const at = (s: string) => text.startsWith(s, i);
  const skipSpace = () => {
    SPACE.lastIndex = i;
    SPACE.exec(text);
    const moved = SPACE.lastIndex > i;
    i = SPACE.lastIndex;
    return moved;
  };
  const readName = () => {
    NAME.lastIndex = i;
    const match = NAME.exec(text);
    if (!match) throw refuse('malformed');
    i = NAME.lastIndex;
    return match[0];
  };
  const skipPast = (end: string) => {
    const found = text.indexOf(end, i);
    if (found < 0) throw refuse('malformed');
    const skipped = text.slice(i, found);
    i = found + end.length;
    return skipped;
  };
  const expect = (s: string) => {
    if (!at(s)) throw refuse('malformed');
    i += s.length;
  };
  /** Comments, and nothing else that is not an element: no DOCTYPE, no instructions. */
  const skipMisc = () => {
    for (;;) {
      skipSpace();
      if (at('<!--')) skipPast('-->');
      else if (at('<!') || at('<?')) throw refuse('declarations');
      else return;
    }
  };

  if (/^<\?xml[ \t\r\n]/.test(text.slice(i, i + 6))) skipPast('?>');
  skipMisc();
  if (!at('<')) throw refuse('notSvg');

  let root: SvgNode | undefined;
  const open: SvgNode[] = [];
  let elements = 0;
  do {
    const parent = open.at(-1);
    if (!at('<')) {
      if (!parent) throw refuse('malformed');
      const end = text.indexOf('<', i);
      if (end < 0) throw refuse('malformed');
      const chars = decodeReferences(text.slice(i, end));
      if (parent.local === 'style') parent.text += chars;
      i = end;
    } else if (at('<!--')) {
      skipPast('-->');
    } else if (at('<![CDATA[')) {
      i += 9;
      const chars = skipPast(']]>');
      if (parent?.local === 'style') parent.text += chars;
    } else if (at('<!') || at('<?')) {
      throw refuse('declarations');
    } else if (at('</')) {
      i += 2;
      const name = readName();
      skipSpace();
      expect('>');
      if (open.pop()?.name !== name) throw refuse('malformed');
    } else {
      i += 1;
      const node: SvgNode = {
        name: readName(),
        local: '',
        attributes: new Map(),
        children: [],
        text: '',
      };
      node.local = localName(node.name);
      let empty = false;
      for (;;) {
        const spaced = skipSpace();
        if (at('/>')) {
          i += 2;
          empty = true;
          break;
        }
        if (at('>')) {
          i += 1;
          break;
        }
        if (!spaced) throw refuse('malformed');
        const attribute = readName();
        skipSpace();
        expect('=');
        skipSpace();
        const quote = text[i];
        // An unquoted value is HTML, not XML: refused, like any other way of writing one.
        if (quote !== '"' && quote !== "'") throw refuse('malformed');
        i += 1;
        const raw = skipPast(quote);
        if (raw.includes('<') || node.attributes.has(attribute)) throw refuse('malformed');
        node.attributes.set(attribute, decodeReferences(raw));
      }
      elements += 1;
      if (elements > MAX_SVG_ELEMENTS) throw refuse('complex');
      if (parent) parent.children.push(node);
      else root = node;
      if (!empty) open.push(node);
      if (open.length > MAX_SVG_DEPTH) throw refuse('complex');
    }
  } while (open.length > 0);
  skipMisc();
  if (i < text.length) throw refuse('malformed');
  // XML names are case-sensitive: <SVG> is not an SVG picture.
  if (root?.name.slice(root.name.lastIndexOf(':') + 1) !== 'svg') throw refuse('notSvg');
  return root;
}

const SCRIPTED = new Set([
  'script',
  'foreignobject',
  'iframe',
  'embed',
  'object',
  'audio',
  'video',
  'canvas',
  'handler',
  'listener',
]);
const ANIMATION = new Set([
  'set',
  'animate',
  'animatemotion',
  'animatetransform',
  'animatecolor',
  'discard',
]);

/** A reference to something in this file: "#id", and nothing else. */
const isFragment = (reference: string) => /^#[^\s"'()\\]+$/.test(reference.trim());

/** Every url(...) names something in this file; a url( that does not close is refused. */
function checkUrls(text: string): void {
  const lower = text.toLowerCase();
  for (let at = lower.indexOf('url('); at >= 0; at = lower.indexOf('url(', at)) {
    const close = text.indexOf(')', at);
    if (close < 0) throw refuse('outside');
    let reference = text.slice(at + 4, close).trim();
    const quote = reference[0];
    if ((quote === '"' || quote === "'") && reference.endsWith(quote) && reference.length > 1) {
      reference = reference.slice(1, -1);
    }
    if (!isFragment(reference)) throw refuse('outside');
    at = close + 1;
  }
}

/** CSS without its comments (an unclosed one runs to the end, as in CSS). */
function withoutComments(css: string): string {
  let plain = '';
  let from = 0;
  for (let open = css.indexOf('/*'); open >= 0; open = css.indexOf('/*', from)) {
    plain += `${css.slice(from, open)} `;
    const close = css.indexOf('*/', open + 2);
    from = close < 0 ? css.length : close + 2;
  }
  return plain + css.slice(from);
}

/** Style sheets and style attributes: local references only, nothing that loads or runs. */
function checkCss(css: string): void {
  // An escape can spell anything ("\75rl(" is "url("): not read, so refused.
  if (css.includes('\\')) throw refuse('escapes');
  const plain = withoutComments(css);
  if (/@import|image-set\(|image\(|cross-fade\(|element\(/i.test(plain)) throw refuse('outside');
  if (/expression\(|behavior\s*:|-moz-binding|(java|vb)script:/i.test(plain)) {
    throw refuse('scripts');
  }
  for (const m of plain.matchAll(/filter\s*:([^;}]*)/gi)) {
    const value = (m[1] ?? '').replace(/\s+/g, '').toLowerCase();
    if (value !== '' && value !== 'none' && value !== 'none!important') throw refuse('filters');
  }
  checkUrls(plain);
}

function checkNode(node: SvgNode): void {
  if (SCRIPTED.has(node.local)) throw refuse('scripts');
  if (ANIMATION.has(node.local)) throw refuse('animation');
  // Filters (<filter>, and the fe* primitives) can take minutes to draw a few bytes of.
  if (node.local === 'filter' || node.local.startsWith('fe')) throw refuse('filters');
  for (const [name, value] of node.attributes) {
    // Namespace names are identifiers, never loaded.
    if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
    const local = localName(name);
    if (local.startsWith('on')) throw refuse('scripts');
    // Schemes are read as a browser would: without the spaces and controls it skips.
    // eslint-disable-next-line no-control-regex
    const compact = value.replace(/[\s\u0000-\u001f]/g, '').toLowerCase();
    if (/(java|vb)script:/.test(compact)) throw refuse('scripts');
    if ((local === 'href' || local === 'src') && !isFragment(value)) throw refuse('outside');
    if (local === 'filter' && value.trim() !== 'none') throw refuse('filters');
    if (local === 'style') checkCss(value);
    else if (compact.includes('url(')) checkUrls(value);
  }
  if (node.local === 'style') checkCss(node.text);
}

/** Style properties of an element: its attribute, or the same property in its style. */
function property(node: SvgNode, name: string): string | undefined {
  const style = node.attributes.get('style');
  if (style) {
    for (const declaration of withoutComments(style).split(';')) {
      const colon = declaration.indexOf(':');
      if (colon > 0 && declaration.slice(0, colon).trim().toLowerCase() === name) {
        return declaration
          .slice(colon + 1)
          .replace(/!important/i, '')
          .trim();
      }
    }
  }
  return node.attributes.get(name);
}

/**
 * What drawing the element costs in off-screen work, in quarters of a full-canvas layer: a mask
 * draws its content and converts it to an alpha layer (measured at about 8 layers' time), group
 * opacity, blend modes and isolation draw one layer, a clip path about a quarter of one.
 */
function layerWeight(node: SvgNode): number {
  let weight = 0;
  const mask = property(node, 'mask');
  if (mask !== undefined && mask !== 'none') weight += 32;
  const opacity = property(node, 'opacity');
  if (node.local !== 'stop' && opacity !== undefined && !(Number.parseFloat(opacity) >= 1)) {
    weight += 4;
  }
  const blend = property(node, 'mix-blend-mode');
  if ((blend !== undefined && blend !== 'normal') || property(node, 'isolation') === 'isolate') {
    weight += 4;
  }
  const clip = property(node, 'clip-path');
  if (clip !== undefined && clip !== 'none') weight += 1;
  return weight;
}

/** A length in user units ("12", "12px", "3mm"…), or undefined for percentages and nonsense. */
function userUnits(value: string | undefined): number | undefined {
  const match = /^\s*([0-9]*\.?[0-9]+(?:e[-+]?[0-9]+)?)\s*(px|pt|pc|mm|cm|in)?\s*$/i.exec(
    value ?? '',
  );
  if (!match) return undefined;
  const per = { px: 1, pt: 4 / 3, pc: 16, mm: 96 / 25.4, cm: 96 / 2.54, in: 96 } as const;
  const unit = (match[2]?.toLowerCase() ?? 'px') as keyof typeof per;
  return Number(match[1]) * per[unit];
}

/** The canvas in user units: the viewBox, else width and height, else the usual 300×150. */
function canvasOf(root: SvgNode): { width: number; height: number } {
  const box = (root.attributes.get('viewBox') ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (box.length === 4 && (box[2] ?? 0) > 0 && (box[3] ?? 0) > 0) {
    return { width: box[2] as number, height: box[3] as number };
  }
  return {
    width: userUnits(root.attributes.get('width')) ?? 300,
    height: userUnits(root.attributes.get('height')) ?? 150,
  };
}

/**
 * What drawing would cost, judged from the document before anything is drawn: patterns with
 * more tiles than the canvas needs, dashes finer than a pixel would show, too much path data.
 * (Layers are counted with the elements drawn, below.)
 */
function checkDrawingCost(root: SvgNode): void {
  const canvas = canvasOf(root);
  const longer = Math.max(canvas.width, canvas.height);
  let pathData = 0;
  const nodes = [root];
  for (let node = nodes.pop(); node; node = nodes.pop()) {
    nodes.push(...node.children);
    pathData +=
      (node.attributes.get('d')?.length ?? 0) + (node.attributes.get('points')?.length ?? 0);
    if (pathData > MAX_SVG_PATH_DATA) throw refuse('complex');
    if (node.local === 'pattern') {
      const width = userUnits(node.attributes.get('width'));
      const height = userUnits(node.attributes.get('height'));
      // A tile of no size draws nothing; an unreadable one is judged by the canvas.
      if (width === 0 || height === 0) continue;
      const inBox =
        (node.attributes.get('patternUnits') ?? 'objectBoundingBox') !== 'userSpaceOnUse';
      const tiles = inBox
        ? 1 / ((width ?? 1) * (height ?? 1))
        : (canvas.width / (width ?? canvas.width)) * (canvas.height / (height ?? canvas.height));
      if (!(tiles <= MAX_SVG_PATTERN_TILES)) throw refuse('patterns');
    }
    const dashes = property(node, 'stroke-dasharray');
    if (dashes !== undefined && dashes !== 'none' && dashes !== '') {
      const lengths = dashes
        .split(/[\s,]+/)
        .filter(Boolean)
        .map((d) => userUnits(d));
      const period = lengths.reduce<number>((sum, d) => sum + (d ?? longer), 0);
      if (!(period >= longer * MIN_SVG_DASH_FRACTION)) throw refuse('patterns');
    }
  }
}

/** How many elements drawing the document draws, each <use> counting what it repeats. */
function drawnElements(root: SvgNode): number {
  const byId = new Map<string, SvgNode>();
  const all: SvgNode[] = [root];
  for (let k = 0; k < all.length; k += 1) {
    const node = all[k] as SvgNode;
    const id = node.attributes.get('id') ?? node.attributes.get('xml:id');
    if (id !== undefined && !byId.has(id)) byId.set(id, node);
    all.push(...node.children);
  }
  const counted = new Map<SvgNode, { drawn: number; layers: number }>();
  const inProgress = new Set<SvgNode>();
  const count = (node: SvgNode, depth: number): { drawn: number; layers: number } => {
    const known = counted.get(node);
    if (known !== undefined) return known;
    // A reference back to itself, or a chain of them deeper than any picture needs.
    if (inProgress.has(node) || depth > 4 * MAX_SVG_DEPTH) throw refuse('complex');
    inProgress.add(node);
    const total = { drawn: 1, layers: layerWeight(node) };
    const add = (part: { drawn: number; layers: number }) => {
      total.drawn += part.drawn;
      total.layers += part.layers;
    };
    for (const child of node.children) add(count(child, depth + 1));
    if (node.local === 'use') {
      const href = [...node.attributes].find(([name]) => localName(name) === 'href')?.[1];
      const target = href ? byId.get(href.trim().slice(1)) : undefined;
      if (target) add(count(target, depth + 1));
    }
    if (total.drawn > MAX_SVG_DRAWN) throw refuse('complex');
    if (total.layers > MAX_SVG_LAYERS * 4) throw refuse('layers');
    inProgress.delete(node);
    counted.set(node, total);
    return total;
  };
  return count(root, 0).drawn;
}

/**
 * Refuses an SVG that is not plain UTF-8, well-formed XML with an <svg> root, or that has
 * anything that can run (scripts, event handlers, javascript: links, animation), load anything
 * (references other than "#id", @import, entities, a DOCTYPE, instructions) or cost too much to
 * draw (filters, too many elements drawn, too many off-screen layers, patterns or dashes finer
 * than the picture can show, too much path data): judged before anything is drawn.
 */
export function checkSvgIsInert(data: Buffer): void {
  const text = data.toString('utf8');
  if (!data.equals(Buffer.from(text, 'utf8')) || text.includes('\u0000')) {
    throw refuse('encoding');
  }
  const root = parseSvg(text);
  const nodes = [root];
  for (let node = nodes.pop(); node; node = nodes.pop()) {
    checkNode(node);
    nodes.push(...node.children);
  }
  checkDrawingCost(root);
  drawnElements(root);
}

// ---------------------------------------------------------------------------------------------
// Drawing, in a process of its own: librsvg cannot be interrupted once it draws, and some
// documents take minutes (patterns, markers, masks repeated over a large canvas). The process
// gets the SVG on stdin, sharp's path and the limits as arguments, and none of the server's
// environment (no secrets); it is killed when the time is up.

const DRAW_PROGRAM = `
'use strict';
const sharp = require(process.argv[1]);
const maxSide = Number(process.argv[2]);
const maxPixels = Number(process.argv[3]);
sharp.concurrency(1);
sharp.cache(false);
const chunks = [];
process.stdin.on('data', (chunk) => chunks.push(chunk));
process.stdin.on('end', async () => {
  try {
    const svg = Buffer.concat(chunks);
    const options = { limitInputPixels: maxPixels, failOn: 'error' };
    // The declared size is read from the document alone, before any limit on pixels applies.
    const { width, height } = await sharp(svg, { ...options, limitInputPixels: false, density: 72 }).metadata();
    if (!width || !height) { process.exitCode = 2; return; }
    // 72 dpi is the declared size; small pictures are drawn up to twice as sharp, large ones
    // at the density that fits them in maxSide pixels.
    const density = 72 * Math.min(2, maxSide / Math.max(width, height));
    if (!(density >= 1)) { process.exitCode = 3; return; }
    const png = await sharp(svg, { ...options, density }).png({ compressionLevel: 1 }).toBuffer();
    process.stdout.write(png);
  } catch {
    process.exitCode = 2;
  }
});
`;

const EXIT_TOO_LARGE = 3;
/** What the drawing process may see of the environment: where things are, never secrets. */
const PASSED_ENV = [
  'PATH',
  'HOME',
  'TMPDIR',
  'LANG',
  'LC_ALL',
  'XDG_CACHE_HOME',
  'FONTCONFIG_PATH',
];

let sharpEntry: string | undefined;

/**
 * Draws a checked SVG to a PNG at most `maxSide` pixels a side (fitted by choosing the density,
 * so a large canvas is never drawn at full size first). Refused when it takes longer than
 * SVG_DRAW_TIMEOUT_MS, cannot be drawn, or cannot fit.
 */
export function drawSvg(
  svg: Buffer,
  limits: { maxSide: number; maxPixels: number; timeoutMs?: number },
) {
  sharpEntry ??= createRequire(import.meta.url).resolve('sharp');
  const env: Record<string, string> = {};
  for (const name of PASSED_ENV) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  // A PNG of maxSide² RGBA pixels, compressed or not, with room for its headers.
  const maxOutput = limits.maxSide * limits.maxSide * 4 + 1024 * 1024;
  return new Promise<Buffer>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['-e', DRAW_PROGRAM, sharpEntry as string, String(limits.maxSide), String(limits.maxPixels)],
      {
        stdio: ['pipe', 'pipe', 'ignore'],
        env,
        timeout: limits.timeoutMs ?? SVG_DRAW_TIMEOUT_MS,
        killSignal: 'SIGKILL',
        windowsHide: true,
      },
    );
    const chunks: Buffer[] = [];
    let size = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxOutput) child.kill('SIGKILL');
      else chunks.push(chunk);
    });
    // The process may be gone (killed, or failed) before it read everything.
    child.stdin.on('error', () => undefined);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (signal) reject(refuse('complex'));
      else if (code === EXIT_TOO_LARGE) reject(refuse('large'));
      else if (code !== 0 || size === 0) reject(refuse('unreadable'));
      else resolve(Buffer.concat(chunks));
    });
    child.stdin.end(svg);
  });
}
