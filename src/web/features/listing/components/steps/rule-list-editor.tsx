import type { ReactNode } from 'react';
import { Button } from '#web/components/ui/button.tsx';

const box = 'flex flex-col gap-4 rounded-2xl border border-sand-200 bg-sand-50 p-4';

/**
 * One editor for a list of price rules (the rates by day and time, the add-ons): each item a
 * boxed fieldset named for screen readers, with its inputs and a remove button, then an add button
 * while the list is below its limit. The list is the form's value, changed through `onChange`
 * (not useFieldArray: its code would weigh on the wizard's shared chunk;
 * tests/build/web-budget.test.ts).
 */
export function RuleListEditor<Item>({
  items,
  keyOf,
  max,
  testId,
  legend,
  removeLabel,
  addLabel,
  newItem,
  onChange,
  children,
}: {
  items: readonly Item[];
  /** a React key for the item at `index` */
  keyOf: (item: Item, index: number) => string;
  max: number;
  testId: string;
  legend: (n: number) => string;
  removeLabel: (n: number) => string;
  addLabel: string;
  newItem: () => Item;
  onChange: (items: Item[]) => void;
  /** the inputs of the item at `index` */
  children: (index: number) => ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3">
      {items.map((item, i) => (
        <fieldset key={keyOf(item, i)} className={box} data-testid={testId}>
          <legend className="sr-only">{legend(i + 1)}</legend>
          {children(i)}
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="self-start"
            onClick={() => onChange(items.filter((_, j) => j !== i))}
          >
            {removeLabel(i + 1)}
          </Button>
        </fieldset>
      ))}
      {items.length < max && (
        <Button
          type="button"
          variant="outline"
          className="self-start"
          onClick={() => onChange([...items, newItem()])}
        >
          {addLabel}
        </Button>
      )}
    </div>
  );
}
