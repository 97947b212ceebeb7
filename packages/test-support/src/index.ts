export { pdfTextRuns } from './pdf.js';
