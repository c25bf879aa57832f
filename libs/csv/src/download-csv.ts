/**
 * Saves `csv` (a file the screen made from what it holds) through a temporary `<a download>` on a Blob URL: no
 * request, the browser's own download. The URL is revoked on the next task, since some browsers read it after
 * `click()` returns. A list the server exports is not downloaded this way but by a link to its export address, so
 * the browser streams it to disk.
 */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
