// The app's router (decision 097): wouter underneath — the address as an external store (its patched
// pushState/replaceState events), the matched route's params, links' redirects and the server's fixed address —
// with the React Router–shaped calls the app was written with (useLocation's object, useNavigate, a route table
// with nested layouts and <Outlet>). React Router 7 cost every page ~13 KB gzip of framework-mode code that its
// declarative mode cannot shake off; this costs ~3.
import { createContext, useContext, useMemo } from 'react';
import type { AnchorHTMLAttributes, MouseEvent, ReactNode, Ref } from 'react';
import { Redirect, Route, Router, matchRoute, useLocation as useWouterLocation, useRouter } from 'wouter';
import type { BaseLocationHook } from 'wouter';
import { useHistoryState, usePathname, useSearch as useBrowserSearch } from 'wouter/use-browser-location';
import { parse } from 'regexparam';

/** How the current history entry was reached: a link or navigate (PUSH / REPLACE), or Back / Forward (POP). */
export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export interface Location {
  pathname: string;
  /** '?…', or '' without a query. */
  search: string;
  hash: string;
  /** The state the navigation that made this entry carried (null on a first load). */
  state: unknown;
  /** One per history entry ('default' for the first load's). */
  key: string;
}

export type To = string | { pathname?: string; search?: string; hash?: string };
export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  /** Keep the scroll position (ScrollOnNavigate otherwise starts a new address at the top). */
  preventScrollReset?: boolean;
}

/** What the app keeps in history.state: the navigation's own state and the entry's key. */
interface HistoryEntry {
  usr?: unknown;
  key?: string;
}

let navigationType: NavigationType = 'POP';
let scrollKept = false;
if (typeof window !== 'undefined') window.addEventListener('popstate', () => (navigationType = 'POP'));

/** The type of the latest navigation (the tests' router reads it too). */
export const currentNavigationType = (): NavigationType => navigationType;
/** Whether the latest navigation asked to keep the scroll position. */
export const scrollResetPrevented = (): boolean => scrollKept;

/** An address from its parts (a search without its '?' or a hash without its '#' gets one). */
const prefixed = (part: string | undefined, mark: string) =>
  !part || part === mark ? '' : part.startsWith(mark) ? part : mark + part;
const hrefOf = (to: To): string =>
  typeof to === 'string'
    ? to
    : `${to.pathname ?? window.location.pathname}${prefixed(to.search, '?')}${prefixed(to.hash, '#')}`;

/** Every navigation of the app (links, navigate, redirects, search params): a new history entry, keyed. */
function go(
  to: string,
  { replace = false, state = null, preventScrollReset = false }: NavigateOptions = {},
): void {
  navigationType = replace ? 'REPLACE' : 'PUSH';
  scrollKept = preventScrollReset;
  const entry: HistoryEntry = { usr: state, key: Math.random().toString(36).slice(2, 10) };
  window.history[replace ? 'replaceState' : 'pushState'](entry, '', to);
}

/** Navigate to `to`, or move `to` entries through the history (-1 is Back). */
export function navigate(to: To | number, options?: NavigateOptions): void {
  if (typeof to === 'number') window.history.go(to);
  else go(hrefOf(to), options);
}

// wouter's browser location, navigating through go() (so wouter's redirects carry a key too).
const useAppLocation = ((options: { ssrPath?: string }) => [usePathname(options), go]) as BaseLocationHook & {
  searchHook: typeof useBrowserSearch;
};
useAppLocation.searchHook = useBrowserSearch;

/** The browser's address. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  return <Router hook={useAppLocation}>{children}</Router>;
}

/** A fixed address (path and query): the server's renderer. */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  return (
    <Router hook={useAppLocation} ssrPath={location}>
      {children}
    </Router>
  );
}

function useSearchString(): string {
  const router = useRouter();
  const raw = router.searchHook(router);
  const query = raw.startsWith('?') ? raw.slice(1) : raw;
  return query ? `?${query}` : '';
}

export function useLocation(): Location {
  const [pathname] = useWouterLocation();
  const search = useSearchString();
  const entry = useHistoryState<HistoryEntry | null>();
  const hash = typeof window === 'undefined' ? '' : window.location.hash;
  return useMemo(
    () => ({ pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' }),
    [pathname, search, hash, entry],
  );
}

export function useNavigationType(): NavigationType {
  useLocation();
  return navigationType;
}

export function useNavigate(): typeof navigate {
  return navigate;
}

export type SetSearchParams = (
  next: URLSearchParams | Record<string, string> | ((current: URLSearchParams) => URLSearchParams),
  options?: NavigateOptions,
) => void;

/** The query as URLSearchParams, and a setter that navigates to the same path with a new query. */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const search = useSearchString();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  return [params, setSearchParams];
}

const setSearchParams: SetSearchParams = (next, options) => {
  const value = new URLSearchParams(
    typeof next === 'function' ? next(new URLSearchParams(window.location.search)) : next,
  );
  const query = value.toString();
  go(`${window.location.pathname}${query ? `?${query}` : ''}`, options);
};

export { useParams } from 'wouter';
/** A route's params by name (a trailing '*' as '*'). */
export type Params = Record<string, string | undefined>;

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> &
  NavigateOptions & { to: To; reloadDocument?: boolean; ref?: Ref<HTMLAnchorElement> };

/** Whether a click on a link is the app's to handle (not a new tab, a download or another site). */
function handledHere(event: MouseEvent<HTMLAnchorElement>, href: string, target?: string): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) &&
    (!target || target === '_self') &&
    new URL(href, window.location.href).origin === window.location.origin
  );
}

export function Link({
  to,
  replace,
  state,
  preventScrollReset,
  reloadDocument,
  onClick,
  target,
  ...rest
}: LinkProps) {
  const href = typeof to === 'string' ? to : hrefOf(to);
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (reloadDocument || !handledHere(event, href, target)) return;
        event.preventDefault();
        const here = window.location.pathname + window.location.search + window.location.hash;
        go(href, { replace: replace ?? here === href, state, preventScrollReset });
      }}
    />
  );
}

/** A link that knows whether the current address is its own (or, without `end`, below it). */
export function NavLink({
  to,
  end = false,
  className,
  children,
  ...rest
}: Omit<LinkProps, 'className' | 'to' | 'children'> & {
  to: string;
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
  children?: ReactNode | ((state: { isActive: boolean }) => ReactNode);
}) {
  const pathname = useLocation().pathname.toLowerCase().replace(/\/$/, '') || '/';
  const own = to.toLowerCase().replace(/\/$/, '') || '/';
  const isActive = pathname === own || (!end && pathname.startsWith(own === '/' ? '/' : `${own}/`));
  return (
    <Link
      {...rest}
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    >
      {typeof children === 'function' ? children({ isActive }) : children}
    </Link>
  );
}

/** Navigates when rendered (a redirect). */
export function Navigate({ to, replace, state }: NavigateOptions & { to: To }) {
  return <Redirect to={typeof to === 'string' ? to : hrefOf(to)} replace={replace} state={state} />;
}

/** A route of the table: a page (`path` or `index`), or a layout whose `element` shows its children's <Outlet />. */
export interface RouteObject {
  id?: string;
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: RouteObject[];
  handle?: unknown;
}

export interface RouteMatch {
  route: RouteObject;
  params: Params;
}

interface Branch {
  pattern: string;
  routes: RouteObject[];
}

const joinPath = (base: string, path: string) =>
  path.startsWith('/') ? path : `${base.replace(/\/$/, '')}/${path}`;

/**
 * Every address pattern of the table with the routes it renders, outermost first, in the table's order: the
 * first that matches wins (the table lists a static segment before a dynamic one in its place). A trailing
 * '*' also matches nothing after it ('/sign-in/*' is '/sign-in' too).
 */
function branchesOf(routes: RouteObject[], base = '', parents: RouteObject[] = []): Branch[] {
  return routes.flatMap((route) => {
    const chain = [...parents, route];
    const path = route.path === undefined ? base : joinPath(base, route.path);
    const children = route.children ? branchesOf(route.children, path, chain) : [];
    const own =
      route.index || route.path !== undefined
        ? [{ pattern: path.replace(/\*$/, '*?') || '/', routes: chain }]
        : [];
    return [...children, ...own];
  });
}

const branchCache = new WeakMap<RouteObject[], Branch[]>();

/** The routes `location` (a path, no query) renders, outermost first, with its params; null when none match. */
export function matchRoutes(
  routes: RouteObject[],
  location: string | { pathname: string },
): RouteMatch[] | null {
  const pathname = typeof location === 'string' ? location : location.pathname;
  let branches = branchCache.get(routes);
  if (!branches) branchCache.set(routes, (branches = branchesOf(routes)));
  for (const branch of branches) {
    const [matched, params] = matchRoute(parse, branch.pattern, pathname);
    if (matched) return branch.routes.map((route) => ({ route, params: params as Params }));
  }
  return null;
}

const OutletContext = createContext<ReactNode>(null);

/** Where a layout route shows the route below it. */
export function Outlet() {
  return useContext(OutletContext);
}

/** The element of the table's routes for the current address, layouts around their pages. */
export function useRoutes(routes: RouteObject[]): ReactNode {
  const [pathname] = useWouterLocation();
  const matches = matchRoutes(routes, pathname);
  if (!matches) return null;
  let element: ReactNode = null;
  for (const { route } of [...matches].reverse())
    element = (
      <OutletContext value={element}>
        {route.element === undefined ? <Outlet /> : route.element}
      </OutletContext>
    );
  // wouter's Route with a given match: provides the params to useParams below.
  const match = [true, matches[0]!.params] as const;
  return <Route {...({ match } as object)}>{element}</Route>;
}
