/** The props of `ChoiceMenu` and its lazily loaded list, apart so neither file imports the other's. */

/** One option of a `ChoiceMenu`. */
export interface Choice<T extends string> {
  value: T;
  label: string;
  /** The option's own language, when it names one (screen readers pronounce it right). */
  lang?: string;
}

export interface ChoiceMenuProps<T extends string> {
  id: string;
  /** Accessible name of the menu list. */
  label: string;
  anchor: HTMLElement | null;
  options: readonly Choice<T>[];
  selected: T;
  onClose: () => void;
  onChoose: (value: T) => void;
}
