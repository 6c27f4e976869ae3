import { API_BASE_URL } from './base-api.js';

/** The results export of a completed draft (GET /drafts/{id}/results.csv). */
export function resultsCsvUrl(draftId: string): string {
  return `${globalThis.location?.origin ?? ''}${API_BASE_URL}/drafts/${encodeURIComponent(draftId)}/results.csv`;
}

/** `Sunday League!` → `sunday-league-results.csv`. */
export function resultsFileName(draftName: string): string {
  const slug = draftName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'draft'}-results.csv`;
}

/**
 * Fetches the CSV with the session's token (a plain link could not send it) and hands it to the browser as a file
 * download. Throws with the server's message when the export is refused.
 */
export async function downloadResultsCsv(
  draftId: string,
  draftName: string,
  token: string | null,
): Promise<void> {
  const response = await fetch(resultsCsvUrl(draftId), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    throw new Error(typeof body?.message === 'string' ? body.message : 'Could not download the results');
  }
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = resultsFileName(draftName);
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    URL.revokeObjectURL(url);
  }
}
