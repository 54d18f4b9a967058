/**
 * How a slice writes its own part of the store. A slice sees only its own state, so slices import
 * nothing from the store that combines them (no import circle).
 */
export type SliceSet<S> = (partial: Partial<S> | ((state: S) => Partial<S>)) => void;
