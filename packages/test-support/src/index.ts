export { pdfGlyphRuns, pdfTextRuns } from './pdf.js';
