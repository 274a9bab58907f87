/**
 * Settles as `work` does or, when `ms` pass first, as `late()` does: its value,
 * or a rejection if it throws. The timer is cleared either way, so a deadline
 * neither keeps the process up nor fires after the work is over.
 */
export function orWhenLate<T, L>(work: Promise<T>, ms: number, late: () => L): Promise<T | L> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<L>((resolve, reject) => {
    timer = setTimeout(() => {
      try {
        resolve(late());
      } catch (error) {
        reject(error);
      }
    }, ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
