/** ARIA tabs for every `[data-tabs]`: click or arrow keys choose a tab and show its panel. */
export function enhanceTabs(root: ParentNode = document): void {
  for (const group of root.querySelectorAll<HTMLElement>('[data-tabs]')) {
    const tabs = [...group.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
    const select = (selected: HTMLButtonElement) => {
      for (const tab of tabs) {
        const isSelected = tab === selected;
        tab.setAttribute('aria-selected', String(isSelected));
        tab.tabIndex = isSelected ? 0 : -1;
        const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
        if (panel) panel.hidden = !isSelected;
      }
    };
    tabs.forEach((tab, index) => {
      tab.addEventListener('click', () => select(tab));
      tab.addEventListener('keydown', (event) => {
        const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1 };
        const move = moves[event.key];
        if (move === undefined) return;
        event.preventDefault();
        const next = tabs[(index + move + tabs.length) % tabs.length];
        if (!next) return;
        select(next);
        next.focus();
      });
    });
  }
}
