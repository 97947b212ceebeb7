import sharp from 'sharp';
const go = async (name, svg, opts = {}) => {
  const t = Date.now();
  try {
    const m = await sharp(Buffer.from(svg), { limitInputPixels: 40e6, ...opts }).metadata();
    const out = await sharp(Buffer.from(svg), { limitInputPixels: 40e6, failOn: 'warning', ...opts }).timeout({ seconds: 3 }).webp().toBuffer({ resolveWithObject: true });
    console.log(name, 'meta', m.width, m.height, m.density, 'out', out.info.width, out.info.height, Date.now() - t, 'ms');
  } catch (e) { console.log(name, 'ERR', e.message, Date.now() - t, 'ms'); }
};
let defs = '<g id="a0"><rect width="1" height="1"/></g>';
for (let i = 1; i <= 12; i++) defs += `<g id="a${i}">` + Array.from({length: 10}, () => `<use href="#a${i-1}"/>`).join('') + '</g>';
await go('use-bomb', `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000"><defs>${defs}</defs><use href="#a12"/></svg>`);
let d2 = '<g id="a0"><rect width="1" height="1"/></g>';
for (let i = 1; i <= 5; i++) d2 += `<g id="a${i}">` + Array.from({length: 10}, () => `<use href="#a${i-1}"/>`).join('') + '</g>';
await go('use-1e5', `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000"><defs>${d2}</defs><use href="#a5"/></svg>`);
const f = Array.from({length: 50}, (_, i) => `<feGaussianBlur in="${i? 'b'+(i-1):'SourceGraphic'}" stdDeviation="300" result="b${i}"/>`).join('');
await go('blur-bomb', `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="4000"><filter id="f" x="0" y="0" width="1" height="1">${f}</filter><rect width="4000" height="4000" fill="red" filter="url(#f)"/></svg>`);
const t = `<feTurbulence baseFrequency="0.9" numOctaves="30"/>`;
await go('turb', `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="4000"><filter id="f" x="0" y="0" width="1" height="1">${t}</filter><rect width="4000" height="4000" filter="url(#f)"/></svg>`);
await go('nodims', `<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>`);
await go('vbonly', `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 150"><rect width="1" height="1"/></svg>`);
await go('pct', `<svg xmlns="http://www.w3.org/2000/svg" width="100%" height="50%" viewBox="0 0 300 150"><rect width="1" height="1"/></svg>`);
await go('mm', `<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="297mm"><rect width="1" height="1"/></svg>`);
await go('big', `<svg xmlns="http://www.w3.org/2000/svg" width="20000" height="10000"><rect width="1" height="1"/></svg>`);
await go('big-d', `<svg xmlns="http://www.w3.org/2000/svg" width="20000" height="10000"><rect width="1" height="1"/></svg>`, {density: 14.4});
await go('malformed', `<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><rect width="1" height="1"></svg>`);
await go('noxmlns', `<svg width="20" height="10"><rect width="1" height="1"/></svg>`);
await go('ent', `<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><text>&a;</text></svg>`);
