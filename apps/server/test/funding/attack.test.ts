import { it } from 'vitest';
import { acceptUpload } from '../../src/platform/files/intake.js';
const go = async (name: string, svg: string | Buffer) => {
  const t = Date.now();
  try {
    const r = await acceptUpload({ data: Buffer.isBuffer(svg) ? svg : Buffer.from(svg), fileName: 'p.svg', maxBytes: 5 << 20, allowed: ['jpeg','png','webp','gif','svg'] });
    console.log(name, 'ACCEPTED', r.mime, r.width, r.height, Date.now() - t, 'ms');
  } catch (e) { console.log(name, 'refused', (e as Error).message, Date.now() - t, 'ms'); }
};
it('svg', async () => {
  const H = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100">';
  await go('ns-script', `<svg xmlns="http://www.w3.org/2000/svg" xmlns:s="http://www.w3.org/2000/svg" width="10" height="10"><s:script>alert(1)</s:script><rect width="10" height="10"/></svg>`);
  await go('css-escape-url', `${H}<style>rect{fill:\\75rl(http://127.0.0.1:9/x.svg#g)}</style><rect width="10" height="10"/></svg>`);
  await go('css-escape-import', `${H}<style>@\\69mport "http://127.0.0.1:9/x.css";</style><rect width="10" height="10"/></svg>`);
  await go('xlink-href-ws', `${H}<image xlink:href\n=\n"http://127.0.0.1:9/x.png" width="10" height="10"/></svg>`);
  await go('use-ext', `${H}<use href="http://127.0.0.1:9/x.svg#a"/></svg>`);
  await go('href-entity', `${H}<use href="&#104;ttp://x/#a"/></svg>`);
  await go('utf16', Buffer.from('\ufeff' + `${H}<rect width="1" height="1"/></svg>`, 'utf16le'));
  await go('upper', `<SVG xmlns="http://www.w3.org/2000/svg" width="10" height="10"><SCRIPT>alert(1)</SCRIPT></SVG>`);
  await go('comment-before', `<!-- <svg> -->${H}<rect width="1" height="1"/></svg>`);
  await go('set-href', `${H}<a><set attributeName="href" to="javascript:alert(1)"/><rect width="10" height="10"/></a></svg>`);
  await go('set-href2', `${H}<a><animate attributeName="href" values="http&#58;//evil"/><rect width="10" height="10"/></a></svg>`);
  await go('js-entity', `${H}<a href="#x" ><rect width="10" height="10"/></a><a xlink:href="jav&#x61;script:alert(1)"/></svg>`);
  await go('style-attr-url', `${H}<rect width="10" height="10" style="fill:url( 'http://x/y#z' )"/></svg>`);
  await go('data-uri-image', `${H}<image href="data:image/png;base64,AAAA" width="10" height="10"/></svg>`);
  // DoS: exponential use fanout
  let defs = '<g id="a0"><rect width="1" height="1"/></g>';
  for (let i = 1; i <= 12; i++) defs += `<g id="a${i}">` + Array.from({length: 10}, () => `<use href="#a${i-1}"/>`).join('') + '</g>';
  await go('use-bomb', `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000"><defs>${defs}</defs><use href="#a12"/></svg>`);
  // filter cost
  const f = Array.from({length: 50}, (_, i) => `<feGaussianBlur in="${i? 'b'+(i-1):'SourceGraphic'}" stdDeviation="300" result="b${i}"/>`).join('');
  await go('blur-bomb', `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="4000"><filter id="f" x="0" y="0" width="1" height="1">${f}</filter><rect width="4000" height="4000" fill="red" filter="url(#f)"/></svg>`);
  const t = `<feTurbulence baseFrequency="0.9" numOctaves="30"/>`;
  await go('turb', `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="4000"><filter id="f" x="0" y="0" width="1" height="1">${t}</filter><rect width="4000" height="4000" filter="url(#f)"/></svg>`);
  await go('huge-vb', `<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>`);
  await go('nodims', `<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>`);
}, 600000);
