/** A database URL without its password, for messages and logs. */
export function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(a database URL that is not a URL)';
  }
}
