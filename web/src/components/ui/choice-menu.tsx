import { lazyNamed } from '@/lib/lazy-named';
import { MountWhenOpened } from './mount-when-opened';

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

const ChoiceMenuList = lazyNamed(() => import('./choice-menu-list'), 'ChoiceMenuList');

/**
 * A menu of mutually exclusive options (radio items with a check mark), opened from a header button.
 * Its code loads on the first opening: the header is on every page, the menu rarely used.
 */
export function ChoiceMenu<T extends string>(props: ChoiceMenuProps<T>) {
  return (
    <MountWhenOpened open={props.anchor !== null}>
      {/* React.lazy drops the type parameter; the props are the same. */}
      <ChoiceMenuList {...(props as unknown as ChoiceMenuProps<string>)} />
    </MountWhenOpened>
  );
}
