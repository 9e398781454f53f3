// The app's route table for code that asks which routes match the current address (the cookie banner reads
// the buyer pages' `handle`). The declarative router (decision 030) has no useMatches(); AppRoutes provides the
// table here and matchRoutes() answers the same question.
import { createContext, useContext } from 'react';
import { matchRoutes, useLocation } from '@/lib/router';
import type { RouteObject } from '@/lib/router';

export const RouteTableContext = createContext<RouteObject[]>([]);

/** The `handle` of every route that matches the current address, outermost first. */
export function useRouteHandles(): unknown[] {
  const table = useContext(RouteTableContext);
  const location = useLocation();
  return (matchRoutes(table, location) ?? []).map((match) => match.route.handle);
}
