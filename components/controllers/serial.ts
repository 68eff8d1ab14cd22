/** Runs async tasks one at a time, in the order asked; a task that fails does not stop the next. */
export function serialQueue(): <T>(f: () => Promise<T>) => Promise<T> {
  let queue: Promise<unknown> = Promise.resolve();
  return <T>(f: () => Promise<T>): Promise<T> => {
    const next = queue.then(f, f);
    queue = next.catch(() => undefined);
    return next;
  };
}
