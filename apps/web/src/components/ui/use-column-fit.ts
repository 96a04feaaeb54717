import { type RefObject, useLayoutEffect, useReducer } from 'react';

/**
 * A window that grows by less than this keeps the columns it has: a page scrollbar that comes and goes
 * (about 15 px) must not show a column, overflow, hide it, and start again.
 */
const GROWTH_SLACK_PX = 24;

/** How many of the table's lesser columns are hidden, and the box width that was decided at. */
export type Fit = { hiddenCount: number; width: number; scrolls: boolean };

export type FitEvent =
  /** The table's box has this width now. */
  | { type: 'resized'; width: number }
  /** Other rows arrived: their widths are not known until they are shown. */
  | { type: 'rowsChanged' }
  /** After a render: whether the table is wider than its box. */
  | { type: 'measured'; overflows: boolean; hideable: number };

export const initialFit: Fit = { hiddenCount: 0, width: 0, scrolls: false };

/**
 * Columns give way one at a time, lesser first, while the table is wider than its box; a wider box or
 * other rows start again from all columns. Every event either leaves the state as it is (no render) or
 * moves it toward an end: `hiddenCount` only grows between starts, so a table settles in at most one
 * render per hideable column.
 */
export function fitReducer(fit: Fit, event: FitEvent): Fit {
  switch (event.type) {
    case 'resized':
      if (event.width > fit.width + GROWTH_SLACK_PX) return { hiddenCount: 0, width: event.width, scrolls: false };
      // Narrower: keep what is hidden; the next measurement hides more if need be.
      return event.width < fit.width ? { ...fit, width: event.width } : fit;
    case 'rowsChanged':
      return fit.hiddenCount === 0 && !fit.scrolls ? fit : { ...fit, hiddenCount: 0, scrolls: false };
    case 'measured':
      if (!event.overflows) return fit.scrolls ? { ...fit, scrolls: false } : fit;
      if (fit.hiddenCount < event.hideable) return { ...fit, hiddenCount: fit.hiddenCount + 1 };
      // Nothing more can give way (a narrow tablet): the box scrolls, and the row's actions stay pinned.
      return fit.scrolls ? fit : { ...fit, scrolls: true };
  }
}

/**
 * Fits a table into its box by hiding its lesser columns, measured rather than guessed: a name or a
 * centre that is longer on this page takes the room it needs. `rowsKey` names the shown rows (their
 * IDs), so a new page is measured afresh. Where the browser cannot measure (tests), nothing is hidden.
 */
export function useColumnFit(
  boxRef: RefObject<HTMLElement | null>,
  { hideable, rowsKey, isEnabled }: { hideable: number; rowsKey: string; isEnabled: boolean },
): Fit {
  const [fit, dispatch] = useReducer(fitReducer, initialFit);

  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box || !isEnabled || typeof ResizeObserver === 'undefined') return;
    dispatch({ type: 'resized', width: box.clientWidth });
    const observer = new ResizeObserver(() => dispatch({ type: 'resized', width: box.clientWidth }));
    observer.observe(box);
    return () => observer.disconnect();
  }, [boxRef, isEnabled]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: rowsKey is the trigger, not an input
  useLayoutEffect(() => {
    dispatch({ type: 'rowsChanged' });
  }, [rowsKey]);

  // After every render, before the browser paints: does the table still stick out of its box?
  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box || !isEnabled || box.clientWidth === 0) return;
    const event: FitEvent = { type: 'measured', overflows: box.scrollWidth > box.clientWidth, hideable };
    // Only a change is sent: an unchanged state must not cost another render.
    if (fitReducer(fit, event) !== fit) dispatch(event);
  });

  return fit;
}
