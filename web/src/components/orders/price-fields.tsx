import { DecimalField, type FieldError } from './decimal-field';

/** One price input of an order dialog. */
export interface PriceFieldSpec {
  label: string;
  /** Plain decimal text (dot separator) or empty. */
  value: string;
  onChange: (plain: string) => void;
  /** R5.03: the step of plus and minus; no buttons without one. */
  step?: string | null;
  error?: FieldError | null;
}

/**
 * An order dialog's prices (limit, stop, take-profit, stop-loss): one currency and one precision
 * for all of them. A `false` entry is a price the order does not have (no field).
 */
export function PriceFields({
  fields,
  precision,
  prefix,
}: {
  fields: readonly (PriceFieldSpec | false)[];
  precision: number;
  /** The currency sign before the number (Rp, $, ₮). */
  prefix: string;
}) {
  return (
    <>
      {fields.map(
        (field) =>
          field && (
            <DecimalField
              key={field.label}
              label={field.label}
              value={field.value}
              onChange={field.onChange}
              precision={precision}
              step={field.step}
              prefix={prefix}
              error={field.error}
            />
          ),
      )}
    </>
  );
}
