/**
 * The API as msw handlers: the same Hono app as the Node server, answering requests to
 * `<any origin>/api/v1/...` and `/openapi.json` in tests (msw/node) and in the browser (msw's
 * service worker), with games kept in memory.
 */
import { http } from 'msw';
import { createApi, type ApiOptions } from './app.ts';
import { MemoryStore } from './store.ts';

export function apiHandlers(options: Partial<ApiOptions> = {}) {
  const { app } = createApi({ store: new MemoryStore(), rateLimit: null, ...options });
  // msw matches absolute URLs: "*/api/v1/*" matches any origin.
  const handle = ({ request }: { request: Request }) => app.fetch(request);
  return [http.all('*/api/v1/*', handle), http.get('*/openapi.json', handle)];
}
