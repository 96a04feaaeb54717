/**
 * The query string of a server-paged list: every value that is set, trimmed; empty ones left out,
 * so '' means 'all'.
 */
export function listParams(query: Record<string, string | number | undefined>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    const text = typeof value === 'string' ? value.trim() : value;
    if (text !== undefined && text !== '') params.set(name, String(text));
  }
  return params;
}
