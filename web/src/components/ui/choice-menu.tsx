import { lazyNamed } from '@/lib/lazy-named';
import { MountWhenOpened } from './mount-when-opened';

export type { Choice, ChoiceMenuProps } from './choice-menu-types';
import type { ChoiceMenuProps } from './choice-menu-types';

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
