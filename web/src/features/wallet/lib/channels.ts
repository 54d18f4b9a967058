import type { ChannelKind, TopupMethod } from '../api/types';

/** The order the groups are offered in: bank transfer first, as most top-ups go that way. */
export const CHANNEL_GROUPS: readonly ChannelKind[] = ['VIRTUAL_ACCOUNT', 'EWALLET', 'QRIS'];

/** Methods grouped by how they are paid, in the server's order within a group. */
export function groupMethods(methods: TopupMethod[]): Array<{ kind: ChannelKind; methods: TopupMethod[] }> {
  return CHANNEL_GROUPS.map((kind) => ({ kind, methods: methods.filter((method) => method.kind === kind) })).filter(
    (group) => group.methods.length > 0,
  );
}
