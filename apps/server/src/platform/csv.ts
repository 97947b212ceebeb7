/**
 * A cell a spreadsheet will not run as a formula (CSV injection): a spreadsheet reads a cell
 * starting with = + - @ (or a tab or return) as a formula, and one whose list separator is ";"
 * splits a cell there first, so every part is defused with a leading quote, not just the
 * cell's start.
 */
export function spreadsheetSafe(text: string): string {
  return text.replace(/(^|[;,])(\s*)(?=[=+\-@\t\r])/g, "$1$2'");
}
