/** The receiver a discovered module registers through: `registry.register(...)`. */
export const REGISTER_RECEIVER = "registry";
/** The method called on {@link REGISTER_RECEIVER}. */
export const REGISTER_METHOD = "register";

/**
 * Cheap pre-check: a file whose text never mentions `registry` and `.register` cannot contain a
 * `registry.register(...)` call, so it needs no further look (both the lexical classifier and the
 * compiler scanner start with it, so they agree on such files).
 */
export function mayRegister(text: string): boolean {
  return text.includes(REGISTER_RECEIVER) && text.includes(`.${REGISTER_METHOD}`);
}
