import { Check } from 'lucide-react';
import {
  createContext,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { Link } from 'react-router';
import { cn } from './cn';

// A menu button (the WAI-ARIA pattern): the button opens a list of actions; the arrow keys,
// Home and End move between them, Enter or Space picks one, Escape closes the menu and gives
// the focus back to the button, Tab closes it and moves on. A click outside closes it too.

interface MenuContext {
  /** Closes the menu; `refocus` gives the focus back to the button (after a pick, Escape). */
  close: (refocus?: boolean) => void;
}

const MenuContext = createContext<MenuContext>({ close: () => undefined });

const ITEM_SELECTOR = '[role="menuitem"],[role="menuitemradio"],[role="menuitemcheckbox"]';

function itemsOf(menu: HTMLElement | null): HTMLElement[] {
  return menu
    ? [...menu.querySelectorAll<HTMLElement>(ITEM_SELECTOR)].filter(
        (item) => item.getAttribute('aria-disabled') !== 'true',
      )
    : [];
}

/** Where the focus goes on opening: the checked item (the current choice), else the first or the last. */
function focusOnOpen(menu: HTMLElement | null, from: 'first' | 'last'): void {
  const items = itemsOf(menu);
  const checked = items.find((item) => item.getAttribute('aria-checked') === 'true');
  (checked ?? (from === 'first' ? items[0] : items.at(-1)))?.focus();
}

function moveFocus(menu: HTMLElement | null, key: string): boolean {
  const items = itemsOf(menu);
  if (items.length === 0) return false;
  const at = items.indexOf(document.activeElement as HTMLElement);
  const next =
    key === 'ArrowDown'
      ? items[(at + 1) % items.length]
      : key === 'ArrowUp'
        ? items[(at - 1 + items.length) % items.length]
        : key === 'Home'
          ? items[0]
          : key === 'End'
            ? items.at(-1)
            : undefined;
  next?.focus();
  return next !== undefined;
}

export function Menu({
  trigger,
  triggerLabel,
  triggerClassName,
  menuLabel,
  className,
  children,
}: {
  /** What the button shows. */
  trigger: ReactNode;
  /** The button's name for screen readers, when what it shows is not enough. */
  triggerLabel?: string;
  triggerClassName?: string;
  /** The menu's name; the button's text names it otherwise. */
  menuLabel?: string;
  /** Where the list opens and how wide it is. */
  className?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  /** Whether the person moved the focus inside the open menu (then it is theirs to keep). */
  const moved = useRef(false);
  const buttonId = useId();
  const menuId = useId();

  const close = useCallback((refocus = false) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    const menu = menuRef.current;
    if (!open || !menu) return;
    focusOnOpen(menu, open);
    // Items that arrive after the menu opened (a list still loading) take the focus on opening,
    // until the person moves it themselves.
    const arrived = new MutationObserver(() => {
      if (!moved.current) focusOnOpen(menu, open);
    });
    arrived.observe(menu, { childList: true, subtree: true });
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => {
      arrived.disconnect();
      document.removeEventListener('pointerdown', outside);
      moved.current = false;
    };
  }, [open]);

  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close();
    } else if (moveFocus(menuRef.current, event.key)) {
      moved.current = true;
      event.preventDefault();
    }
  };

  return (
    <MenuContext.Provider value={{ close }}>
      <div className="relative min-w-0">
        <button
          ref={buttonRef}
          id={buttonId}
          type="button"
          aria-haspopup="menu"
          aria-expanded={open !== false}
          aria-controls={open ? menuId : undefined}
          aria-label={triggerLabel}
          onClick={() => setOpen((was) => (was ? false : 'first'))}
          onKeyDown={onButtonKey}
          className={triggerClassName}
        >
          {trigger}
        </button>
        {open && (
          <div
            ref={menuRef}
            id={menuId}
            role="menu"
            aria-labelledby={menuLabel ? undefined : buttonId}
            aria-label={menuLabel}
            tabIndex={-1}
            onKeyDown={onMenuKey}
            className={cn(
              'z-50 overflow-y-auto rounded-xl border border-slate-200 bg-white p-1.5 text-slate-900 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
              className,
            )}
          >
            {children}
          </div>
        )}
      </div>
    </MenuContext.Provider>
  );
}

const itemClasses =
  'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm text-slate-800 outline-none hover:bg-slate-100 focus:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-slate-100 dark:hover:bg-slate-800 dark:focus:bg-slate-800';

/**
 * A button of the menu: picking it closes the menu first (focus back on its trigger), then acts.
 * Its look is the items'; `role` says whether it is an action or a choice.
 */
function MenuButton({
  onSelect,
  children,
  ...aria
}: {
  role: 'menuitem' | 'menuitemradio';
  'aria-checked'?: boolean;
  onSelect: () => void;
  children: ReactNode;
}) {
  const { close } = useContext(MenuContext);
  return (
    <button
      type="button"
      {...aria}
      tabIndex={-1}
      onClick={() => {
        close(true);
        onSelect();
      }}
      className={itemClasses}
    >
      {children}
    </button>
  );
}

/** An action of the menu; picking it closes the menu first. */
export function MenuItem({
  onSelect,
  icon,
  children,
}: {
  onSelect: () => void;
  icon?: ReactNode;
  children: ReactNode;
}) {
  return (
    <MenuButton role="menuitem" onSelect={onSelect}>
      {icon}
      <span className="min-w-0 flex-1">{children}</span>
    </MenuButton>
  );
}

/** A page of the app, as an item of the menu. */
export function MenuLink({ to, icon, children }: { to: string; icon?: ReactNode; children: ReactNode }) {
  const { close } = useContext(MenuContext);
  return (
    <Link to={to} role="menuitem" tabIndex={-1} onClick={() => close()} className={itemClasses}>
      {icon}
      <span className="min-w-0 flex-1">{children}</span>
    </Link>
  );
}

/** One of a set of choices, the current one checked. */
export function MenuRadioItem({
  checked,
  onSelect,
  children,
}: {
  checked: boolean;
  onSelect: () => void;
  children: ReactNode;
}) {
  return (
    <MenuButton
      role="menuitemradio"
      aria-checked={checked}
      onSelect={() => {
        if (!checked) onSelect();
      }}
    >
      <span className="min-w-0 flex-1">{children}</span>
      <Check
        className={cn('h-4 w-4 shrink-0 text-brand-600 dark:text-indigo-300', !checked && 'invisible')}
        aria-hidden="true"
      />
    </MenuButton>
  );
}

/** A named set of items, such as the choices among which one is checked. */
export function MenuGroup({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset groups form controls; a menu's items are grouped by the ARIA role
    <div role="group" aria-labelledby={id}>
      {/* Presentational: a menu holds items, groups and separators only; the group takes its name. */}
      <div
        id={id}
        role="presentation"
        className="px-3 pt-1.5 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400"
      >
        {label}
      </div>
      {children}
    </div>
  );
}

export function MenuSeparator() {
  return <hr className="my-1.5 border-slate-200 dark:border-slate-700" />;
}

/** A line of the menu that is no action (loading, or why a list is missing): a disabled item, so it is read out. */
export function MenuNote({ children }: { children: ReactNode }) {
  return (
    <div
      role="menuitem"
      aria-disabled="true"
      tabIndex={-1}
      className="px-3 py-2 text-sm text-slate-600 dark:text-slate-400"
    >
      {children}
    </div>
  );
}
