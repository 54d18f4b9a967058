/** `send` for a call whose failure the class's mutation already told (its error toast): null then. */
export async function sentOrNull(call: () => Promise<unknown>, done: string): Promise<string | null> {
  try {
    await call();
  } catch {
    return null;
  }
  return done;
}
