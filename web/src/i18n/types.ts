/**
 * The English tree of a bundle: exactly the Chinese tree's keys, each with its own text. An English
 * bundle `satisfies Translation<typeof zh…>`, so a missing or extra key is a type error.
 */
export type Translation<T> = {
  [K in keyof T]: T[K] extends string ? string : Translation<T[K]>;
};
