import type { EarlyAnswersWindow } from './early-requests';

/** What src/ask-early.ts left on the window; the matching is its own, so pages without it carry none of it. */
const slot = () => window as EarlyAnswersWindow;

/** The answer a signed-in page's HTML already asked for this very request, taken once; null when it asked none like it. */
export const takeEarlyAnswer = (init: RequestInit | undefined): Promise<Response> | null => slot().stockroomEarlyAnswers?.take(init) ?? null;

/** Once the app has drawn its first view, an early answer left untaken would be an old one: it is let go. */
export function dropEarlyAnswers(): void {
  delete slot().stockroomEarlyAnswers;
}
