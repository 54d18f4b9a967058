/** The R3.05 flags the chart shows. */
export interface ChartFlags {
  tradingHalted: boolean;
  tradingHaltReason?: { title: string; description: string } | null;
  bottomBannerMessage?: { title: string; message: string } | null;
}

export interface HaltText {
  title: string;
  description: string;
}

/**
 * R4.13: what the red Trading Halted status says: the operator's reason (title and description), or
 * the default text when none was given. Null when trading is not halted.
 */
export function haltText(flags: ChartFlags | null | undefined, defaults: HaltText): HaltText | null {
  if (!flags?.tradingHalted) return null;
  const reason = flags.tradingHaltReason;
  const title = reason?.title.trim() || defaults.title;
  const description = reason?.description.trim() || defaults.description;
  return { title, description };
}
